import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import {
  ENTRY_STATUS_LABELS,
  formatContestDate,
  MESSAGES,
  ROUND_ENTRY_MESSAGES,
  ROUND_KIND_ASKS,
  type ContestResponse,
  type Entry,
  type RoundResponse,
  type Video,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { AgreementLoadFailed } from '../../../components/contest-agreement';
import { EntryTimeline } from '../../../components/entry-timeline';
import { useEligibility } from '../api/get-eligibility';
import { useMyEntry } from '../api/get-my-entry';
import { useMyVideos } from '../api/get-my-videos';
import { entryPath } from '../lib/entry-path';
import { AgreementAcceptance } from './agreement-acceptance';
import { ChooseEntryVideo } from './choose-entry-video';
import { EntryChecks } from './entry-checks';
import { IdeaForm } from './idea-form';
import { SubmitRefused } from './submit-refused';
import { useEntrySubmission } from './use-entry-submission';

export interface UploadSlotProps {
  open: boolean;
  onClose: () => void;
  onUploaded: (video: Video, entry: { warningsConfirmed: boolean }) => void;
}

export interface SubmitEntryProps {
  contest: ContestResponse;
  /** The resumable upload dialog (features/videos), composed by the page. */
  renderUpload: (props: UploadSlotProps) => ReactNode;
  /** The chosen video's technical check against the contest's delivery spec (features/videos). */
  renderVideoCheck?: (videoId: number) => ReactNode;
  /** A contest in rounds (issue 47): the round it is in, entered instead of the contest. */
  round?: RoundResponse;
  /** Whether the creator was advanced into `round` (undefined: not known yet). */
  advanced?: boolean;
}

/** Why the creator may not enter the round now, in the API's words; null: they may. */
function roundRefusal(round: RoundResponse, contest: ContestResponse, advanced?: boolean): string | null {
  if (round.status === 'upcoming')
    return `${round.title} opens ${formatContestDate(round.opens_at, contest.timezone, { time: true })}.`;
  if (round.status !== 'open') return ROUND_ENTRY_MESSAGES.roundClosed;
  if (round.entry_policy === 'advanced' && advanced === false && !round.allow_wildcards)
    return ROUND_ENTRY_MESSAGES.notAdvanced;
  return null;
}

/**
 * Submit Video (`/contests/:contestId/submit`, issue 15): a selected creator uploads a new video
 * (checked in the browser before it is sent) or picks one of their own, sees the checks against
 * the brief, confirms warnings, and submits; submitting again adds a version to their entry.
 * Anyone else sees why they may not submit and what to do next, and no upload control (the
 * server's rule, `GET …/entries/eligibility/`).
 */
export function SubmitEntry({ contest, renderUpload, renderVideoCheck, round, advanced }: SubmitEntryProps) {
  const contestId = String(contest.id);
  const eligibility = useEligibility(contestId);
  const mine = useMyEntry(contestId);
  const videos = useMyVideos();
  const submission = useEntrySubmission(contestId, round);
  const { submit, agreement, agreementRefused, agreementOk, submitted, send } = submission;
  const [uploadOpen, setUploadOpen] = useState(false);
  // A contest in rounds: the entry of this round only (an earlier round's is on its own page).
  const previous = mine.data && (!round || mine.data.round_id === round.id) ? mine.data : null;
  const entry = submitted ?? previous;
  const refusal = round ? roundRefusal(round, contest, advanced) : null;
  // The contest's eligibility (its selected applicants) decides unless the round takes others.
  const byApplication = !round || round.entry_policy === 'selected';
  const mayUpload =
    !refusal && round?.kind !== 'idea' && (byApplication ? eligibility.data?.can_submit : true);
  const wildcard = round?.entry_policy === 'advanced' && round.allow_wildcards && advanced === false;
  // A pitch is sent with a title: its video's.
  const titleOf = (videoId: number) => videos.data?.results.find((v) => v.id === videoId)?.title;

  return (
    <Stack spacing={3}>
      {round ? <RoundDeadline contest={contest} round={round} /> : <ContestDeadline contest={contest} />}
      {entry && <EntryNotice entry={entry} justSubmitted={Boolean(submitted)} />}
      {submitted && <SubmittedChecks entry={submitted} />}

      {refusal ? (
        <Alert severity="warning">{refusal}</Alert>
      ) : byApplication && eligibility.isPending ? (
        <Typography role="status" color="text.secondary">
          Checking whether you can submit…
        </Typography>
      ) : byApplication && eligibility.isError ? (
        <Alert severity="error">
          {eligibility.error instanceof ApiError
            ? eligibility.error.userMessage()
            : MESSAGES.dashboard.unexpected}
        </Alert>
      ) : byApplication && eligibility.data?.reason ? (
        <SubmitRefused reason={eligibility.data.reason} contest={contest} />
      ) : (
        <>
          {wildcard && (
            <Alert severity="info">
              <AlertTitle>Enter as a wildcard</AlertTitle>
              You were not advanced from the round before, but this round welcomes wildcards: your entry is
              judged with the rest and can win. It is made at your own cost: wildcards earn no stipend.
            </Alert>
          )}
          {agreement.isError ? (
            <AgreementLoadFailed onRetry={() => void agreement.refetch()} />
          ) : agreement.isSuccess ? (
            <AgreementAcceptance
              agreement={agreement.data}
              checked={submission.agreementChecked}
              onCheckedChange={submission.setAgreementChecked}
              refused={agreementRefused}
            />
          ) : null}
          {round?.kind === 'idea' ? (
            <IdeaForm
              disabled={!agreementOk}
              submitting={submit.isPending}
              onSubmit={(idea, after) => submission.sendBody(idea, after)}
            />
          ) : (
            <>
              <Paper sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  {entry ? 'Upload a new version' : 'Upload your video'}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  The file is checked against the brief in your browser before anything is sent.
                </Typography>
                <Button
                  variant="contained"
                  onClick={() => setUploadOpen(true)}
                  disabled={submit.isPending || !agreementOk}
                >
                  Upload a video
                </Button>
              </Paper>
              <ChooseEntryVideo
                contest={contest}
                entry={entry}
                videos={videos}
                chosen={submission.chosen}
                onChoose={submission.choose}
                confirmed={submission.confirmed}
                onConfirmedChange={submission.setConfirmed}
                submitting={submit.isPending}
                agreementOk={agreementOk}
                onSubmit={(videoId, confirm) => send(videoId, confirm, titleOf(videoId))}
                pitch={round?.kind === 'pitch'}
              />
              {/* The technical check against the delivery spec is a film's (a pitch is a sketch). */}
              {submission.chosen !== null && round?.kind !== 'pitch' && renderVideoCheck?.(submission.chosen)}
            </>
          )}
        </>
      )}

      {submit.isPending && (
        <Typography role="status">
          {round?.kind === 'idea' ? 'Submitting your idea…' : 'Submitting your video…'}
        </Typography>
      )}
      {submit.error && !agreementRefused && (
        <Alert severity="error" role="alert">
          {submit.error instanceof ApiError
            ? submit.error.userMessage()
            : 'Your video could not be submitted.'}
          {submission.refusedChecks && (
            <Box sx={{ mt: 1 }}>
              <EntryChecks checks={submission.refusedChecks} />
            </Box>
          )}
        </Alert>
      )}

      {mayUpload &&
        renderUpload({
          open: uploadOpen,
          onClose: () => setUploadOpen(false),
          onUploaded: (video, { warningsConfirmed }) => send(video.id, warningsConfirmed, video.title),
        })}
    </Stack>
  );
}

/** The contest, when videos are due, and its requirements. */
function ContestDeadline({ contest }: { contest: ContestResponse }) {
  const deadline = formatContestDate(contest.submission_deadline, contest.timezone, { time: true });
  return (
    <Box>
      <Typography variant="h5" component="p" gutterBottom>
        {contest.title}
      </Typography>
      <Typography color="text.secondary">Videos are due {deadline}.</Typography>
      {contest.requirements.length > 0 && (
        <Box component="ul" sx={{ color: 'text.secondary', pl: 3, mt: 1, mb: 0 }}>
          {contest.requirements.map((line) => (
            <Typography component="li" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The round open now: what it asks for and when it closes (a contest in rounds, issue 47). */
function RoundDeadline({ contest, round }: { contest: ContestResponse; round: RoundResponse }) {
  const closes = formatContestDate(round.closes_at, contest.timezone, { time: true });
  return (
    <Box>
      <Typography variant="h5" component="p" gutterBottom>
        {contest.title}
      </Typography>
      <Typography variant="overline" component="p" sx={{ color: 'primary.main' }}>
        Round {round.position} · {round.title}
      </Typography>
      <Typography>{ROUND_KIND_ASKS[round.kind]}</Typography>
      <Typography color="text.secondary">Entries close {closes}.</Typography>
      {round.brief && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {round.brief}
        </Typography>
      )}
      {round.kind === 'film' && contest.requirements.length > 0 && (
        <Box component="ul" sx={{ color: 'text.secondary', pl: 3, mt: 1, mb: 0 }}>
          {contest.requirements.map((line) => (
            <Typography component="li" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The creator's entry so far (or the version just submitted), with a link to it. */
function EntryNotice({ entry, justSubmitted }: { entry: Entry; justSubmitted: boolean }) {
  return (
    <Alert
      severity={justSubmitted ? 'success' : 'info'}
      // Phones: the link goes under the message instead of squeezing it into a narrow column.
      sx={{
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: { xs: '1 0 70%', sm: '1 1 auto' }, minWidth: 0 },
        '& .MuiAlert-action': { ml: { xs: 4, sm: 'auto' }, pt: { xs: 0, sm: 0.5 } },
      }}
      action={
        <Button component={RouterLink} to={entryPath(entry.id)} color="inherit" size="small">
          Open your entry
        </Button>
      }
    >
      <AlertTitle>
        {justSubmitted ? `Version ${entry.version} submitted` : `You submitted version ${entry.version}`}
      </AlertTitle>
      “{entry.video?.title ?? entry.title}” — {ENTRY_STATUS_LABELS[entry.status]}
    </Alert>
  );
}

/** What the server found in the version just submitted, and where the entry stands. */
function SubmittedChecks({ entry }: { entry: Entry }) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Checked against the brief
      </Typography>
      <EntryChecks checks={entry.checks} />
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Timeline
      </Typography>
      <EntryTimeline steps={entry.timeline} />
    </Paper>
  );
}
