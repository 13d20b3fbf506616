import type { ReactNode } from 'react';
import { Box, Skeleton, Typography } from '@mui/material';
import {
  FEATURED_CONTEST_ID,
  formatContestDate,
  formatContestDateLong,
  formatMoney,
  type ContestResponse,
} from '@app/domain';
import { ContestAgreement } from '../components/contest-agreement';
import { SITE_NAME, SUPPORT_EMAIL } from './site';
import visuallyHidden from '@mui/utils/visuallyHidden';

/**
 * The three legal texts (Privacy Policy, Contest Rules, Participant Agreement), written once and
 * shown both on their pages (/privacy, /rules, /agreement) and in the application wizard's dialogs.
 * The Participant Agreement is each contest's own versioned text, read from the API (its default is
 * `defaultAgreementText` in @app/domain).
 * Every date, the prize, the eligibility and the video requirements come from the contest record,
 * so the pages and the wizard always agree (docs/spec-decisions.md). The pages show the text at once
 * and each of those values as a placeholder until the record has loaded (or if it cannot be).
 */

/** The contest fields the texts read. */
export type LegalContest = Pick<
  ContestResponse,
  | 'title'
  | 'brand'
  | 'prize_cents'
  | 'currency'
  | 'eligibility'
  | 'requirements'
  | 'timezone'
  | 'starts_at'
  | 'application_deadline'
  | 'submission_deadline'
  | 'judging_starts_at'
  | 'judging_ends_at'
  | 'winners_at'
>;

export type LegalDocumentKey = 'privacy' | 'rules' | 'agreement';

/** Organiser's name as the texts use it. */
const ORGANISER = `the ${SITE_NAME} team`;
const CONTACT_EMAIL = SUPPORT_EMAIL;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography component="h2" variant="h5" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function P({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body1" color="text.secondary" sx={{ mb: 1.5 }}>
      {children}
    </Typography>
  );
}

function List({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, mt: 0, mb: 1.5, color: 'text.secondary', '& li': { mb: 0.5 } }}>
      {items.map((item, i) => (
        <Typography component="li" variant="body1" key={i}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/** A value of the contest record that has not loaded: a bar the width of a short word or date. */
function Pending({ width }: { width: string }) {
  return (
    <>
      <Skeleton
        component="span"
        variant="text"
        aria-hidden
        sx={{ display: 'inline-block', width, verticalAlign: 'middle' }}
      />
      <Box component="span" sx={visuallyHidden}>
        (loading)
      </Box>
    </>
  );
}

/** The contest's dates, formatted once for every text. */
export function contestDates(contest: LegalContest) {
  const tz = contest.timezone;
  return {
    start: formatContestDate(contest.starts_at, tz),
    applicationDeadline: formatContestDate(contest.application_deadline, tz, { time: true }),
    applicationDeadlineDay: formatContestDate(contest.application_deadline, tz),
    submissionDeadline: formatContestDate(contest.submission_deadline, tz, { time: true }),
    judgingStart: formatContestDateLong(contest.judging_starts_at, tz),
    judgingEnd: formatContestDateLong(contest.judging_ends_at, tz),
    winners: formatContestDateLong(contest.winners_at, tz),
  };
}

/** The values the texts read from the contest record, each a placeholder until it has loaded. */
function contestValues(contest: LegalContest | null | undefined) {
  const dates = contest ? contestDates(contest) : undefined;
  const date = (key: keyof ReturnType<typeof contestDates>, width = '8em') =>
    dates ? dates[key] : <Pending width={width} />;
  return {
    title: contest ? contest.title : <Pending width="12em" />,
    brand: contest ? contest.brand.name : <Pending width="5em" />,
    prize: contest ? (
      formatMoney(contest.prize_cents, contest.currency, { wholeUnits: true, code: true })
    ) : (
      <Pending width="4em" />
    ),
    minimumAge: contest ? contest.eligibility.minimum_age : <Pending width="1.5em" />,
    experience: contest ? contest.eligibility.experience : <Pending width="14em" />,
    country: contest ? contest.eligibility.country : <Pending width="8em" />,
    requirements: contest?.requirements,
    start: date('start', '6em'),
    applicationDeadline: date('applicationDeadline', '11em'),
    submissionDeadline: date('submissionDeadline', '11em'),
    judgingStart: date('judgingStart', '9em'),
    judgingEnd: date('judgingEnd', '9em'),
    winners: date('winners', '9em'),
  };
}

/** Privacy Policy: what we collect for an application and what we do with it. */
export function PrivacyPolicy({ contest }: { contest?: LegalContest | null }) {
  const brand = contest?.brand.name ?? 'the sponsoring brand';
  return (
    <>
      <P>
        This policy explains what personal information {ORGANISER} collects when you create an account, apply
        to a contest or submit a video, and how it is used. We collect only what we need to run contests.
      </P>
      <Section title="What we collect">
        <List
          items={[
            'Account details: your e-mail address, a hashed password or your sign-in provider identity, and your role.',
            'Profile details you choose to give: name, phone number, bio, social and portfolio links, avatar.',
            'Application details: the shipping address you enter, your chosen product and your answers.',
            'Videos you upload, with their titles and descriptions, and basic technical data about them.',
          ]}
        />
      </Section>
      <Section title="How we use it">
        <List
          items={[
            'To review applications and contact selected creators by e-mail, phone call and SMS.',
            `To ship the contest product: your name, phone number and shipping address are shared with ${brand} and its carrier for that purpose only.`,
            `To show submitted videos to the judging panel and, for entries that are approved, publicly in the Video Library.`,
            'To pay prizes: winners are asked for payment details at that time; we do not store card numbers.',
          ]}
        />
      </Section>
      <Section title="What we do not do">
        <P>
          We do not sell your personal information and we do not use it for advertising. This service is not
          affiliated with any social media platform whose links you add to your profile.
        </P>
      </Section>
      <Section title="Keeping and deleting your data">
        <P>
          We keep your account while it is open. Application records are kept for two years after the contest
          ends for prize and shipping records. You can ask us to correct or delete your data at any time by
          writing to {CONTACT_EMAIL}.
        </P>
      </Section>
    </>
  );
}

/** Contest Rules: eligibility, how to enter, the timeline, requirements, judging and the prize. */
export function ContestRules({ contest }: { contest?: LegalContest | null }) {
  const v = contestValues(contest);
  return (
    <>
      <P>
        These rules govern {v.title} (the “Contest”), organised by {ORGANISER} with {v.brand} (the “Brand”).
        By applying you agree to them.
      </P>
      <Section title="1. Eligibility">
        <List
          items={[
            <>You must be {v.minimumAge} years of age or older.</>,
            <>{v.experience} is required.</>,
            <>You must be located in the {v.country}.</>,
            <>Employees of {v.brand} and of the organiser, and their households, may not enter.</>,
          ]}
        />
      </Section>
      <Section title="2. Timeline">
        <List
          items={[
            <>Contest start: {v.start}</>,
            <>Applications close: {v.applicationDeadline}</>,
            <>Video submission deadline: {v.submissionDeadline}</>,
            <>
              Judging: {v.judgingStart} – {v.judgingEnd}
            </>,
            <>Winners announced: {v.winners}</>,
          ]}
        />
      </Section>
      <Section title="3. How to enter">
        <List
          items={[
            <>Apply through the application form by {v.applicationDeadline}, choosing one product.</>,
            'Selected creators are contacted by phone, then receive the creative brief by e-mail and SMS and the product at their shipping address.',
            'Products are limited: each unit goes to one selected creator, first come, first served.',
            <>Shoot, grade and edit your video, then upload it by {v.submissionDeadline}.</>,
          ]}
        />
      </Section>
      <Section title="4. Video requirements">
        <List items={v.requirements ?? [<Pending key="1" width="60%" />, <Pending key="2" width="45%" />]} />
        <P>
          Entries must be your original work and must not include music, footage or logos you do not have the
          rights to use.
        </P>
      </Section>
      <Section title="5. Judging">
        <P>
          Entries are reviewed by the organiser's team and the Brand's marketing team between {v.judgingStart}{' '}
          and {v.judgingEnd}, on creativity and concept, cinematic quality (camera work, light, edit and
          grade), how well the product and its features are shown, and adherence to the brief. The judges'
          decision is final.
        </P>
      </Section>
      <Section title="6. Prize">
        <P>
          Grand prize: {v.prize}, paid by a payment service or bank transfer within 30 days of the
          announcement on {v.winners}. Winners also receive a trophy and are featured to the community. Prizes
          are not transferable; winners are responsible for any taxes.
        </P>
      </Section>
      <Section title="7. General">
        <P>
          The organiser may disqualify entries that break these rules, and may change or cancel the Contest if
          it cannot run as planned; any change is published on this page. Questions: {CONTACT_EMAIL}.
        </P>
      </Section>
    </>
  );
}

export const LEGAL_TITLES: Record<LegalDocumentKey, string> = {
  privacy: 'Privacy Policy',
  rules: 'Contest Rules',
  agreement: 'Participant Agreement',
};

/**
 * One legal text by key (the wizard's dialogs and the three pages; the pages render it before the
 * contest loads). The Participant Agreement is data (issue 31): the contest's current version
 * from the API, or `agreementVersion`.
 */
export function LegalDocument({
  document,
  contest,
  contestId = FEATURED_CONTEST_ID,
  agreementVersion,
}: {
  document: LegalDocumentKey;
  contest: LegalContest | null | undefined;
  contestId?: number | string;
  agreementVersion?: number;
}) {
  if (document === 'privacy') return <PrivacyPolicy contest={contest} />;
  if (document === 'rules') return <ContestRules contest={contest} />;
  return <ContestAgreement contestId={contestId} version={agreementVersion} />;
}
