import type { CreateContestBody, UpdateRoundsBody } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { Caller } from '../../plugins/auth';
import { createContestsService } from '../../modules/contests';
import { contestsPorts } from '../../modules/index';
import { seedDayClock } from './chair-contest';

export type DemoRoundsDeps = Pick<AppDeps, 'database' | 'queue' | 'log' | 'storage'>;

export const ROUNDS_CONTEST_SLUG = 'lumora-after-dark';

/**
 * The demo's contest in rounds (issue 47), in whole Pacific days from the seeding day: ideas (20 to
 * 10 days ago, judged 6 days ago), pitches (open now: 5 days ago to 5 days ahead), then films (9
 * to 30 days ahead); the contest's video deadline and judging end are the film round's.
 */
export function roundsContest(
  brandId: number,
  seededAt: Date,
): { contest: CreateContestBody; rounds: UpdateRoundsBody } {
  const day = seedDayClock(seededAt);
  const opens = (days: number) => day(days).toISOString();
  const ends = (days: number) => day(days, 23, 59).toISOString();
  const contest: CreateContestBody = {
    slug: ROUNDS_CONTEST_SLUG,
    title: 'Lumora After Dark',
    tagline: 'Ideas first, then pitches, then films',
    description:
      'A story that only happens after dark, in three rounds: ideas, pitches, films. Advanced creators are paid a stipend at each step.',
    brand_id: brandId,
    prize: 3000,
    currency: 'USD',
    eligibility: { country: 'United States', minimum_age: 18, experience: 'A reel of night shoots' },
    brief: 'Tell a story that only happens after dark, lit by the Beam Pro we send to the finalists.',
    requirements: ['9:16 vertical video', '60–90 seconds', 'MP4 or MOV'],
    video_requirements: {
      aspect_ratio: '9:16',
      min_seconds: 60,
      max_seconds: 90,
      min_width: null,
      min_height: 1920,
      containers: ['mp4', 'mov'],
    },
    landing: {
      product_noun: 'light',
      headline: 'One idea, one pitch, one film.',
      concepts_title: 'Beam',
      concepts_intro: 'A bright pocket panel for night exteriors.',
      concepts: [
        {
          product_code: 'BEAM',
          line: 'Bright and cool.',
          text: 'Streets and faces at night, lit from one side.',
          themes: [{ title: 'Night walk', text: 'A city after the shops close.' }],
        },
      ],
      challenge_title: 'After dark',
      format_notes: [],
      inspiration: null,
    },
    timezone: 'America/Los_Angeles',
    starts_at: opens(-20),
    application_deadline: ends(-10),
    submission_deadline: ends(30),
    judging_starts_at: opens(31),
    judging_ends_at: ends(37),
    winners_at: day(38, 9).toISOString(),
    products: [
      {
        code: 'BEAM',
        name: 'Beam Pro',
        description: 'A bright pocket panel.',
        concept: 'Beam',
        features: ['5600K daylight', 'Magnetic back', 'Three hours on one charge'],
        image_url: '',
        stock_quantity: 5,
      },
    ],
    rubric: [
      { name: 'Story', weight: 50 },
      { name: 'Light', weight: 30 },
      { name: 'Craft', weight: 20 },
    ],
  };
  const rounds: UpdateRoundsBody = {
    rounds: [
      {
        kind: 'idea',
        title: 'Ideas',
        brief: 'In one paragraph: a story that only happens after dark.',
        opens_at: opens(-20),
        closes_at: ends(-10),
        judging_ends_at: ends(-6),
        entry_policy: 'open',
        advance_count: 10,
        stipend_cents: 10_000,
        rubric: [
          { name: 'Originality', weight: 60 },
          { name: 'Fit with the brand', weight: 40 },
        ],
      },
      {
        kind: 'pitch',
        title: 'Pitches',
        brief:
          'Pitch your story in up to 90 seconds of video or a short deck: the scenes, the light, the cast.',
        opens_at: opens(-5),
        closes_at: ends(5),
        judging_ends_at: ends(8),
        entry_policy: 'advanced',
        allow_wildcards: true,
        advance_count: 3,
        stipend_cents: 50_000,
        rubric: [
          { name: 'Story', weight: 50 },
          { name: 'Feasibility', weight: 50 },
        ],
      },
      {
        kind: 'film',
        title: 'Films',
        brief: 'Shoot the film you pitched, lit by the Beam Pro we send you.',
        opens_at: opens(9),
        closes_at: ends(30),
        judging_ends_at: ends(37),
        entry_policy: 'advanced',
        allow_wildcards: true,
        rubric: contest.rubric,
      },
    ],
  };
  return { contest, rounds };
}

/** Creates the contest in rounds for `brandId` and saves its rounds as `staff`; returns its id. */
export async function seedDemoRoundsContest(
  deps: DemoRoundsDeps,
  cast: { staff: Caller; lumoraBrandId: number },
  seededAt = new Date(),
): Promise<number> {
  const contests = createContestsService(deps);
  const { contest, rounds } = roundsContest(cast.lumoraBrandId, seededAt);
  const created = await contests.createContest(contest);
  await contests.updateRounds(String(created.id), cast.staff, rounds, contestsPorts);
  return created.id;
}
