import {
  CHAIR_IDS,
  FEATURED_CONTEST_ID,
  FEATURED_CONTEST_SLUG,
  LIMITS,
  type CreateBrandBody,
  type CreateContestBody,
} from '@app/domain';

/** The time zone the chair contest states its deadlines in (the spec's 'PST'). */
export const CHAIR_CONTEST_TIMEZONE = 'America/Los_Angeles';

/** Milliseconds `timeZone` is ahead of UTC at `at` (negative west of Greenwich). */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return wall - Math.floor(at.getTime() / 60_000) * 60_000;
}

/** The instant a wall clock in `timeZone` shows the given time (days may overflow the month). */
function wallClock(timeZone: string, y: number, m: number, d: number, h = 0, min = 0): Date {
  const guess = Date.UTC(y, m, d, h, min);
  const first = guess - zoneOffsetMs(new Date(guess), timeZone);
  // Across a daylight-saving change the offset at the result can differ from the guess's.
  return new Date(guess - zoneOffsetMs(new Date(first), timeZone));
}

/**
 * The chair contest's timeline, relative to the day it is seeded so a new install is open for
 * applications. The gaps are the spec's (start 07-26, applications close 08-06, videos due
 * 08-22 11:59 PM PT, judging 23–29 Aug, winners 30 Aug): day 0 is the seeding day in Pacific time,
 * so every page shows whole days in the contest's zone (docs/spec-decisions.md).
 */
export function chairContestTimeline(seededAt: Date) {
  const day = seedDayClock(seededAt);
  return {
    startsAt: day(0),
    applicationDeadline: day(11, 23, 59),
    submissionDeadline: day(27, 23, 59),
    judgingStartsAt: day(28),
    judgingEndsAt: day(34, 23, 59),
    winnersAt: day(35, 9),
  };
}

/**
 * The instant of a time on day `days` after the seeding day, on the wall clock of `timeZone`
 * (Pacific by default): the demo's contests show whole days in their zone.
 */
export function seedDayClock(seededAt: Date, timeZone = CHAIR_CONTEST_TIMEZONE) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(seededAt);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const [y, m, d] = [get('year'), get('month') - 1, get('day')];
  return (days: number, h = 0, min = 0) => wallClock(timeZone, y, m, d + days, h, min);
}

/** Brand 1 (spec §9: the chairs' brand; brand 4 is its alias). */
export const HBADA_BRAND_ID = 1;

export const HBADA: CreateBrandBody = {
  name: 'Hbada',
  slug: 'hbada',
  description: 'Ergonomic chairs designed for long, focused days.',
  logo_url: '/brands/hbada.svg',
  website: 'https://www.hbada.com',
};

/** The chairs' ids (spec §3, §9: E3=1, X7=2, P2=3), in the order the contest shows them. */
export const CHAIR_CONTEST_PRODUCT_IDS = [CHAIR_IDS.E3, CHAIR_IDS.X7, CHAIR_IDS.P2];
export const CHAIR_CONTEST_ID = FEATURED_CONTEST_ID;

/**
 * The Hbada chair contest of the spec as data: its brand's three chairs (features, concepts,
 * pictures, stock), the brief, the requirements (display lines and machine-readable), the landing
 * page's concepts, and the timeline relative to `seededAt`.
 */
export function chairContest(seededAt: Date): CreateContestBody {
  const timeline = chairContestTimeline(seededAt);
  return {
    slug: FEATURED_CONTEST_SLUG,
    title: 'Hbada Synergy Chair Contest',
    tagline: 'Self-love is your energy',
    description:
      'Hbada sends a premium ergonomic chair — the X7, E3 or P2 — to selected creators, who turn it into a cinematic ad. Apply, get picked, shoot three scenes, and compete for the 5,000 USD grand prize.',
    brand_id: HBADA_BRAND_ID,
    prize: LIMITS.prizeUsd,
    currency: 'USD',
    eligibility: {
      country: 'United States',
      minimum_age: LIMITS.minimumAge,
      experience: 'Previous videography experience',
    },
    brief: [
      'Self-love is your energy. Show how the right chair turns a workspace into a place of focus and care.',
      'Pick one concept: Zen with the X7 SMART (calm, recline, recharge), Zone with the E3 PRO (deep, all-day focus) or Zoom with the P2 ERGONOMIC (quick, agile, always ready).',
      'Tell it in three scenes: the problem (a tired body, a cluttered day), the turn (the chair and its features in action), the payoff (the energy that comes back). Light, camera work and grade should feel like a premium brand film, not an unboxing.',
    ].join('\n\n'),
    requirements: [
      '9:16 vertical video',
      'Split into 3 scenes',
      '60–90 seconds long',
      'MOV or MP4, Full HD or 4K',
      'Show at least 3–4 key features of the chair',
    ],
    video_requirements: CHAIR_VIDEO_REQUIREMENTS,
    landing: CHAIR_LANDING,
    timezone: CHAIR_CONTEST_TIMEZONE,
    starts_at: timeline.startsAt.toISOString(),
    application_deadline: timeline.applicationDeadline.toISOString(),
    submission_deadline: timeline.submissionDeadline.toISOString(),
    judging_starts_at: timeline.judgingStartsAt.toISOString(),
    judging_ends_at: timeline.judgingEndsAt.toISOString(),
    winners_at: timeline.winnersAt.toISOString(),
    products: CHAIRS,
    rubric: CHAIR_RUBRIC,
  };
}

/** How the chair films are judged (weights sum to 100): the brief's story, craft, product and mood. */
export const CHAIR_RUBRIC = [
  { name: 'Story in three scenes', weight: 30 },
  { name: 'Cinematic craft (light, camera, grade)', weight: 30 },
  { name: 'Chair features shown', weight: 25 },
  { name: 'Fit with the chosen concept', weight: 15 },
];

/** What the requirement lines say, machine-readable: 9:16, 60–90 s, Full HD or more, MOV or MP4. */
export const CHAIR_VIDEO_REQUIREMENTS = {
  aspect_ratio: '9:16',
  min_seconds: 60,
  max_seconds: 90,
  min_width: 1080,
  min_height: 1920,
  containers: ['mp4', 'mov'],
  /** The rules' window is firm: a video outside 60–90 s is refused, not a warning. */
  duration_tolerance_seconds: 0,
} satisfies CreateContestBody['video_requirements'];

/** The three chairs (spec §2: E3 PRO, X7 SMART, P2 ERGONOMIC; §4: the tiles' fallbacks). */
export const CHAIRS = [
  {
    code: 'E3',
    name: 'E3 PRO',
    description: 'Zone: the all-day ergonomic workhorse.',
    concept: 'Zone',
    features: [
      'Adaptive lumbar support that follows your spine as you move',
      '4D armrests: height, depth, width and angle',
      'Breathable elastic mesh back for long sessions',
      '3-way adjustable headrest',
      '135° recline with multi-position tilt lock',
    ],
    image_url: '/products/hbada-e3.svg',
    stock_quantity: 12,
    fallback_status: 'available',
  },
  {
    code: 'X7',
    name: 'X7 SMART',
    description: 'Zen: smart recline and massage support.',
    concept: 'Zen',
    features: [
      'Smart recline up to 155° with a retractable footrest',
      'Built-in lumbar massage with three rhythms',
      'Memory-foam headrest that cradles the neck',
      'Linked armrests that move with the backrest',
      'Quiet, soft-rolling casters for hard floors',
    ],
    image_url: '/products/hbada-x7.svg',
    stock_quantity: 8,
    fallback_status: 'all_picked',
  },
  {
    code: 'P2',
    name: 'P2 ERGONOMIC',
    description: 'Zoom: compact, adjustable, always ready.',
    concept: 'Zoom',
    features: [
      'Compact footprint for small studios and shared desks',
      'Flip-up armrests to slide fully under the desk',
      'Flexible back frame that flexes with every turn',
      'One-lever seat height and tilt adjustment',
      'Waterfall seat edge that eases pressure on the legs',
    ],
    image_url: '/products/hbada-p2.svg',
    stock_quantity: 10,
    fallback_status: 'available',
  },
] satisfies CreateContestBody['products'];

/** The landing page's words (spec §2: Zen X7, Zone E3, Zoom P2) and the detail page's X7 carousel. */
export const CHAIR_LANDING = {
  product_noun: 'chair',
  headline:
    'Three chairs, three moods, one film. Pick the concept that fits your style, shoot a cinematic ad for it, and compete for the grand prize.',
  concepts_title: 'Zen, Zone or Zoom',
  concepts_intro:
    'Each chair comes with a mood. Choose the one you want to film when you apply; the chair you receive is the star of your ad.',
  concepts: [
    {
      product_code: 'X7',
      line: 'Recline, breathe, recover.',
      text: 'The X7 turns a break into a ritual: smart recline and massage support for the minutes that restore you. Shoot slow light, long takes and quiet sound.',
      themes: [
        { title: 'Morning ritual', text: 'Tea, sunrise, the first stretch of the day.' },
        { title: 'Slow down', text: 'Lean back and let the city blur outside.' },
        { title: 'Reading nook', text: 'A lamp, a book, an hour that belongs to you.' },
        { title: 'After hours', text: 'The laptop closes; the chair reclines.' },
        { title: 'Breathe', text: 'A single continuous shot, one breath at a time.' },
      ],
    },
    {
      product_code: 'E3',
      line: 'Deep work, all day.',
      text: 'The E3 is the all-day workhorse: adjustable lumbar support and a tall mesh back that hold you through the longest session. Shoot focus, rhythm and flow.',
      themes: [
        { title: 'Deadline night', text: 'Monitors glow, the clock runs, the chair holds.' },
        { title: 'Studio flow', text: 'Timeline, grade, export: one seat, no breaks.' },
        { title: 'The long game', text: 'A marathon session, framed like a sport.' },
        { title: 'Home office', text: 'Turning the spare room into a place to build.' },
        { title: 'In the zone', text: 'Sound drops out; only the work remains.' },
      ],
    },
    {
      product_code: 'P2',
      line: 'Compact, adjustable, always ready.',
      text: 'The P2 fits small spaces and fast lives: quick adjustments, easy to move, ready when you are. Shoot energy, quick cuts and macro details.',
      themes: [
        { title: 'Small spaces', text: 'A studio flat that works as hard as you do.' },
        { title: 'Quick pivots', text: 'Call, sketch, edit: the chair turns with you.' },
        { title: 'Shared desk', text: 'One chair, three people, one afternoon.' },
        { title: 'Macro moves', text: 'Levers, mesh and motion in close-up.' },
        { title: 'Ready, set', text: 'From box to first take in sixty seconds.' },
      ],
    },
  ],
  challenge_title: 'One chair, three scenes, one story',
  format_notes: ["A 16:9 cut of the same film is welcome for the brand's website."],
  inspiration: {
    product_code: 'X7',
    title: 'X7 inspiration',
    frames: [
      {
        title: 'Golden-hour recline',
        note: 'Side light, slow tilt back to 155°, footrest rising into frame.',
      },
      {
        title: 'Desk to stillness',
        note: 'Match cut from a cluttered screen to eyes closed in the headrest.',
      },
      {
        title: 'The massage beat',
        note: 'Macro on the lumbar panel, shallow focus, breath on the soundtrack.',
      },
      { title: 'Top-down reset', note: 'Overhead: the desk clears as the chair turns toward the window.' },
      { title: 'Slow push-in', note: 'Dolly toward the X7 in a dark room, a single practical lamp.' },
    ],
  },
} satisfies CreateContestBody['landing'];
