import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CreateBrandBody, CreateContestBody } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { resolveMediaBinaries } from '../../media/binaries';
import type { Caller } from '../../plugins/auth';
import { createApplicationsService } from '../../modules/applications';
import { createContestsService } from '../../modules/contests';
import { createEntriesService, entryContext } from '../../modules/entries';
import { createJudgingService, findPublishedPlaces, wasAdvancedFrom } from '../../modules/judging';
import { createPayoutsService } from '../../modules/payouts';
import { createPaperworkService, releaseCountsOf } from '../../modules/paperwork';
import { judgingPorts, payoutsPorts, videosPorts } from '../../modules/index';
import { createVideosService } from '../../modules/videos';
import { CHAIR_CONTEST_ID, HBADA_BRAND_ID, chairContestTimeline } from './chair-contest';
import { makeDemoClip } from './demo-videos';
import { demoPdf } from './demo-pdf';
import { seedEntryConversation } from './demo-conversations';
import { seedDemoAudience } from './demo-audience';

export type DemoSeasonDeps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'log' | 'storage' | 'tokens'>;

/**
 * The seed tells a story in the past: a module's services at a moment of it, on one clock (the
 * contests service judges the windows by it).
 */
function applicationsAt(deps: DemoSeasonDeps, clock: () => Date) {
  return createApplicationsService(deps, { contests: createContestsService(deps, clock) }, clock);
}

function entriesAt(deps: DemoSeasonDeps, clock: () => Date) {
  const ports = {
    videos: createVideosService(deps, videosPorts),
    contests: createContestsService(deps, clock),
    releaseCountsOf,
    placesOf: findPublishedPlaces,
    wasAdvancedFrom,
  };
  return createEntriesService(deps, ports, clock);
}

const DAY = 24 * 3600 * 1000;

/** The finished contest's brand (any brand but Hbada: its users are "a brand of another company"). */
export const LUMORA: CreateBrandBody = {
  name: 'Lumora',
  slug: 'lumora',
  description: 'Pocket lights for filmmakers on the move.',
  logo_url: '',
  website: 'https://lumora.example',
};
export const FINISHED_CONTEST_SLUG = 'lumora-night-light-contest';

/**
 * The demo's finished contest, relative to the seeding day: it ran from 70 to 40 days ago and its
 * winners were announced 38 days ago. Its entries are short vertical clips (no length or size rule).
 */
export function finishedContest(brandId: number, seededAt: Date): CreateContestBody {
  const at = (days: number) => new Date(seededAt.getTime() + days * DAY).toISOString();
  return {
    slug: FINISHED_CONTEST_SLUG,
    title: 'Lumora Night Light Contest',
    tagline: 'Light the night',
    description:
      'Lumora sent a pocket LED light to selected creators, who shot a night-time story lit by it. The winners are announced.',
    brand_id: brandId,
    prize: 2500,
    currency: 'USD',
    eligibility: { country: 'United States', minimum_age: 18, experience: 'A reel of night shoots' },
    brief: 'Shoot a night-time story lit only by the light you receive.',
    requirements: ['9:16 vertical video', 'MP4'],
    video_requirements: {
      aspect_ratio: '9:16',
      min_seconds: null,
      max_seconds: null,
      min_width: null,
      min_height: null,
      containers: ['mp4'],
      duration_tolerance_seconds: 0,
    },
    landing: {
      product_noun: 'light',
      headline: 'One light, one night, one story.',
      concepts_title: 'Glow',
      concepts_intro: 'A warm pocket panel for faces at night.',
      concepts: [
        {
          product_code: 'GLOW',
          line: 'Soft and warm.',
          text: 'Faces at night, lit from one side.',
          themes: [{ title: 'Campfire', text: 'Stories by the fire.' }],
        },
      ],
      challenge_title: 'One light, one night',
      format_notes: [],
      inspiration: null,
    },
    timezone: 'America/Los_Angeles',
    starts_at: at(-70),
    application_deadline: at(-62),
    submission_deadline: at(-48),
    judging_starts_at: at(-47),
    judging_ends_at: at(-40),
    winners_at: at(-38),
    products: [
      {
        code: 'GLOW',
        name: 'Glow Mini',
        description: 'A warm pocket panel.',
        concept: 'Glow',
        features: ['Warm 2700K light', 'Magnetic back', 'Two hours on one charge'],
        image_url: '',
        stock_quantity: 10,
      },
    ],
    rubric: [
      { name: 'Story', weight: 50 },
      { name: 'Light', weight: 30 },
      { name: 'Craft', weight: 20 },
    ],
  };
}

/** What the finished contest's two judges (staff, then Lumora) wrote to each entrant. */
const FEEDBACK = [
  [
    'The lantern reveal is the best use of a single light we saw.',
    'Warm, patient and clear: a real night film.',
  ],
  ['Strong mood; the ending could land more clearly.', 'The market colours pop; hold the wide shots longer.'],
  ['A gentle story; the light itself needs more screen time.', 'Lovely faces; the porch scene runs long.'],
];

/** A demo account as the services take it, with its name and address. */
export type DemoMember = Caller & { email: string; name: string };

/** Who plays which part in the season (ids from the accounts the demo world made). */
export interface DemoCast {
  staff: DemoMember;
  /** The demo voter (known password): one of the finished contest's audience voters (issue 50). */
  voter: DemoMember;
  hbada: DemoMember;
  lumora: DemoMember;
  lumoraBrandId: number;
  /** Selected, shipped and delivered in the chair contest; entered with two versions; won the finished contest. */
  noor: DemoMember;
  /** Selected and shipped in the chair contest, one version entered; second in the finished contest. */
  kenji: DemoMember;
  /** Selected in the chair contest, not shipped yet; entered the finished contest without a place. */
  lucia: DemoMember;
  /** Hbada's manager and reviewer (issue 49): they sign off in the sign-off contest. */
  mara: DemoMember;
  remy: DemoMember;
  /** Selected in the sign-off contest: Sam's entry has one of two approvals, Ava's was asked to change. */
  sam: DemoMember;
  ava: DemoMember;
  finishedContestId: number;
  signOffContestId: number;
}

export const SIGN_OFF_CONTEST_SLUG = 'hbada-home-office-shorts';

/**
 * Hbada's second contest, running (opened 3 days ago, entries due in 20), which asks two approvals
 * of the brand's team before an entry's cut counts as approved (issue 49). Short vertical clips.
 */
export function signOffContest(seededAt: Date): CreateContestBody {
  const at = (days: number) => new Date(seededAt.getTime() + days * DAY).toISOString();
  const base = finishedContest(HBADA_BRAND_ID, seededAt);
  return {
    ...base,
    slug: SIGN_OFF_CONTEST_SLUG,
    title: 'Hbada Home Office Shorts',
    tagline: 'Your desk, your day',
    description:
      'Hbada sends a footrest to selected creators, who film a short day at their desk. Every cut is signed off by two members of the Hbada team.',
    eligibility: { country: 'United States', minimum_age: 18, experience: 'Short vertical films' },
    brief: 'Film a working day at your desk in under a minute, the footrest in three shots.',
    landing: {
      ...base.landing,
      product_noun: 'footrest',
      headline: 'One desk, one day, one footrest.',
      concepts_title: 'Rest',
      concepts_intro: 'A footrest that tilts with you.',
      concepts: [
        {
          product_code: 'REST',
          line: 'Tilt and rest.',
          text: 'Feet up between calls.',
          themes: [{ title: 'Deep work', text: 'Two hours without getting up.' }],
        },
      ],
      challenge_title: 'One desk, one day',
    },
    starts_at: at(-3),
    application_deadline: at(10),
    submission_deadline: at(20),
    judging_starts_at: at(21),
    judging_ends_at: at(28),
    winners_at: at(30),
    products: [
      {
        code: 'REST',
        name: 'Hbada Footrest',
        description: 'A tilting footrest.',
        concept: 'Rest',
        features: ['Tilts 20°', 'Massage texture', 'Fits under any desk'],
        image_url: '',
        stock_quantity: 10,
      },
    ],
    approvals_required: 2,
  };
}

/**
 * The sign-off contest (Hbada, two approvals asked) with Sam and Ava applied and selected by
 * Hbada's manager. Returns its id.
 */
export async function seedSignOffDecisions(
  deps: DemoSeasonDeps,
  cast: Pick<DemoCast, 'mara' | 'sam' | 'ava'>,
  seededAt = new Date(),
): Promise<number> {
  const contests = createContestsService(deps);
  const contest = await contests.createContest(signOffContest(seededAt));
  const applications = createApplicationsService(deps, { contests });
  for (const [creator, city] of [
    [cast.sam, 'Chicago'],
    [cast.ava, 'Seattle'],
  ] as const) {
    const application = await applications.apply(
      String(contest.id),
      creator,
      applicationPayload(creator.name, creator.email, contest.products[0]!.id, city),
    );
    await applications.select(application.id, cast.mara);
  }
  return contest.id;
}

const applicationPayload = (name: string, email: string, productId: number, city: string) => ({
  full_name: name,
  email,
  phone_number: '',
  bio: `${name.split(' ')[0]} shoots short product films with natural light.`,
  shipping_address: {
    line1: '100 Demo Street',
    line2: '',
    city,
    state: 'CA',
    postal: '90001',
    country: 'US',
  },
  product_id: productId,
  terms_accepted: true,
  youtube_url: '',
  instagram_url: '',
  portfolio_url: '',
});

/**
 * The stages that need no video, through the services: the finished contest (brand Lumora) with
 * its three entrants applied, selected, shipped and delivered back then; in the chair contest Noor
 * and Kenji selected and shipped (Noor's chair delivered) and Lucía selected. Returns the
 * finished contest's id.
 */
export async function seedDemoDecisions(
  deps: DemoSeasonDeps,
  cast: Omit<DemoCast, 'finishedContestId' | 'signOffContestId'>,
  chairApplications: Map<number, number>,
  seededAt = new Date(),
): Promise<number> {
  const contests = createContestsService(deps);
  const contest = await contests.createContest(finishedContest(cast.lumoraBrandId, seededAt));
  const glow = contest.products[0]!.id;
  // Back then: the applications a day after the start, the decisions and shipping a week later.
  const applied = new Date(seededAt.getTime() - 69 * DAY);
  const decided = new Date(seededAt.getTime() - 61 * DAY);
  const past = applicationsAt(deps, () => applied);
  const backThen = applicationsAt(deps, () => decided);
  const cities = ['Austin', 'Portland', 'Denver'];
  for (const [index, creator] of [cast.noor, cast.kenji, cast.lucia].entries()) {
    const application = await past.apply(
      String(contest.id),
      creator,
      applicationPayload(creator.name, creator.email, glow, cities[index]!),
    );
    await backThen.select(application.id, cast.staff);
    await backThen.ship(application.id, cast.staff, {
      carrier: 'UPS',
      tracking_number: `1ZDEMO${String(index + 1).padStart(10, '0')}`,
    });
    await backThen.deliver(application.id, cast.staff);
  }

  const applications = createApplicationsService(deps, { contests });
  const noorApp = chairApplications.get(cast.noor.id)!;
  const kenjiApp = chairApplications.get(cast.kenji.id)!;
  await applications.select(noorApp, cast.hbada);
  await applications.select(kenjiApp, cast.hbada);
  await applications.select(chairApplications.get(cast.lucia.id)!, cast.staff);
  await applications.ship(noorApp, cast.staff, { carrier: 'UPS', tracking_number: '1ZDEMOCHAIR0001' });
  await applications.ship(kenjiApp, cast.staff, { carrier: 'FedEx', tracking_number: '770000000001' });
  await applications.deliver(noorApp, cast.staff);
  return contest.id;
}

/** A vertical clip of a generated gradient: `small` for the finished contest, else the chair brief's 1080×1920, 62 s. */
function clipSource(colours: [string, string, string], size: 'small' | 'chair') {
  const [c0, c1, c2] = colours;
  // Drawn small at a low frame rate and scaled: cheap to make, and still the size the brief asks.
  const scale = size === 'chair' ? ',scale=1080:1920' : '';
  const seconds = size === 'chair' ? 62 : 5;
  return {
    source: `gradients=s=270x480:c0=${c0}:c1=${c1}:c2=${c2}:speed=0.02:r=${size === 'chair' ? 1 : 10}:d=${seconds}${scale},format=yuv420p`,
    seconds,
  };
}

/** Makes the season's clips: each imported, processed and approved, as its owner's video. */
function createClipMaker(deps: DemoSeasonDeps, ffmpeg: string, work: string) {
  const videos = createVideosService(deps, videosPorts);
  let made = 0;
  return {
    /** A processed, approved clip of `owner`, uploaded at `createdAt`; its video's id. */
    async clip(
      owner: Caller,
      title: string,
      colours: [string, string, string],
      size: 'small' | 'chair',
      createdAt: Date,
    ): Promise<number> {
      const file = path.join(work, `clip-${made}.mp4`);
      const { source, seconds } = clipSource(colours, size);
      await makeDemoClip(ffmpeg, file, source, seconds);
      const video = await videos.importVideo(file, {
        ownerId: owner.id,
        title,
        description: `${title}: a demo entry.`,
        contest: null,
        createdAt,
      });
      // Playable a minute or two after its (past) upload, as the staff overview charts it.
      const playableAt = new Date(createdAt.getTime() + (50 + ((made * 37) % 90)) * 1000);
      await videos.processVideo(video.id, { lastAttempt: true, playableAt });
      await videos.review({ system: 'seed' }, video.id, { status: 'approved' });
      made += 1;
      return video.id;
    },
    /** How many clips were made. */
    made: () => made,
  };
}
type ClipMaker = ReturnType<typeof createClipMaker>;

/**
 * The finished contest: its three entries 50 days ago, scored during its judging by two judges
 * (staff and Lumora), the results published at its end with two prizes. Returns the entries' ids,
 * in the order of their places.
 */
async function seedFinishedContest(
  deps: DemoSeasonDeps,
  cast: DemoCast,
  seededAt: Date,
  clips: ClipMaker,
): Promise<number[]> {
  const contestRef = String(cast.finishedContestId);
  const submittedAt = new Date(seededAt.getTime() - 50 * DAY);
  const pastEntries = entriesAt(deps, () => submittedAt);
  const entrants: [Caller, string, [string, string, string], number[]][] = [
    [cast.noor, 'Lantern Walk', ['0x05080f', '0xf5b301', '0x2a1a40'], [9, 8, 9]],
    [cast.kenji, 'Night Market Glow', ['0x0b0b0f', '0x2dd4bf', '0xa78bfa'], [8, 7, 7]],
    [cast.lucia, 'Porch Light Stories', ['0x1a0f00', '0xf59e0b', '0x102030'], [6, 7, 6]],
  ];
  const entryIds: number[] = [];
  for (const [creator, title, colours] of entrants) {
    const videoId = await clips.clip(creator, title, colours, 'small', submittedAt);
    entryIds.push(
      (await pastEntries.submit(contestRef, creator, { video_id: videoId, confirm_warnings: true })).id,
    );
  }
  const judgingThen = createJudgingService(
    deps,
    judgingPorts(deps),
    () => new Date(seededAt.getTime() - 44 * DAY),
  );
  const rubric = ['Story', 'Light', 'Craft'];
  for (const [index, [, , , scores]] of entrants.entries()) {
    for (const [judge, shift] of [
      [cast.staff, 0],
      [cast.lumora, -1],
    ] as const) {
      await judgingThen.saveScore(judge, entryIds[index]!, {
        scores: rubric.map((criterion, i) => ({ criterion, score: Math.max(1, scores[i]! + shift) })),
        feedback: FEEDBACK[index]![shift === 0 ? 0 : 1]!,
      });
    }
  }
  await createJudgingService(deps, judgingPorts(deps), () => new Date(seededAt.getTime() - 38 * DAY)).publish(
    cast.staff,
    cast.finishedContestId,
    {
      places: [
        { entry_id: entryIds[0]!, place: 1, prize_cents: 250_000 },
        { entry_id: entryIds[1]!, place: 2, prize_cents: 50_000 },
      ],
    },
  );
  return entryIds;
}

/**
 * The winners' paperwork (issue 31): Noor's is complete and her prize is paid; Kenji has filed a
 * talent release staff have yet to review and no payee details, so his prize waits.
 */
async function seedWinnersPaperwork(deps: DemoSeasonDeps, cast: DemoCast, entryIds: number[]) {
  const videos = createVideosService(deps, videosPorts);
  const paperwork = createPaperworkService(deps, { entries: entryContext(deps, { videos }) });
  const declaration = await paperwork.fileRelease(cast.noor, entryIds[0]!, {
    kind: 'music',
    fileName: 'original-music-declaration.pdf',
    bytes: demoPdf([
      'Original music declaration',
      'The score of my entry was composed and performed by me.',
      'I grant the brand the rights the contest agreement names.',
      `Signed: ${cast.noor.name}`,
    ]),
  });
  await paperwork.approve(cast.staff, declaration.id);
  await paperwork.savePayee(cast.noor, {
    legal_name: cast.noor.name,
    country: 'DE',
    address: 'Schillerstrasse 12, 10625 Berlin, Germany',
    tax_form: 'W-8BEN',
    tax_id: 'DE-4471-0938',
  });
  await paperwork.fileRelease(cast.kenji, entryIds[1]!, {
    kind: 'talent',
    fileName: 'talent-release-aiko.pdf',
    bytes: demoPdf([
      'Talent release',
      'I agree to appear in this film and its advertising.',
      'Signed: Aiko Tanaka',
    ]),
  });
  const payouts = createPayoutsService(deps, payoutsPorts);
  const pending = await payouts.list({ status: 'pending' });
  const first = pending.earnings.find(
    (e) => e.user_id === cast.noor.id && e.contest_id === cast.finishedContestId,
  );
  if (first)
    await payouts.recordPayout(cast.staff.id, {
      earning_id: first.earning_id,
      method: 'bank_transfer',
      reference: 'DEMO-PAYOUT-0001',
    });
}

/**
 * The chair contest: Noor's first version, Hbada's note on it, Noor's answer and second version,
 * Kenji's entry, and judging under way (staff scored both, Hbada one). Its judging window is still
 * ahead, so the scores are given with a clock inside the window.
 */
async function seedChairContest(deps: DemoSeasonDeps, cast: DemoCast, seededAt: Date, clips: ClipMaker) {
  const chair = String(CHAIR_CONTEST_ID);
  const entries = entriesAt(deps, () => new Date());
  const now = new Date();
  const noorV1 = await clips.clip(
    cast.noor,
    'Deep Work in the E3',
    ['0x05080f', '0x2dd4bf', '0xf5b301'],
    'chair',
    now,
  );
  const noorEntry = await entries.submit(chair, cast.noor, { video_id: noorV1, confirm_warnings: true });
  const note = await entries.addNote(noorEntry.id, cast.hbada, {
    version: 1,
    at_seconds: 12,
    text: 'Hold on the lumbar adjustment a beat longer here, so the feature reads.',
  });
  await entries.addNote(noorEntry.id, cast.noor, {
    version: 1,
    at_seconds: 12,
    text: 'Done in version 2: the shot now holds for three seconds.',
    parent_id: note.id,
  });
  const noorV2 = await clips.clip(
    cast.noor,
    'Deep Work in the E3 (v2)',
    ['0x0b0b0f', '0x2dd4bf', '0xf5b301'],
    'chair',
    now,
  );
  await entries.submit(chair, cast.noor, { video_id: noorV2, confirm_warnings: true });
  await seedEntryConversation(deps, cast, noorEntry.id);
  const kenjiV1 = await clips.clip(
    cast.kenji,
    'Recline and Recharge',
    ['0x102030', '0xa78bfa', '0xf5f5f7'],
    'chair',
    now,
  );
  const kenjiEntry = await entries.submit(chair, cast.kenji, { video_id: kenjiV1, confirm_warnings: true });

  const judgingDay = chairContestTimeline(seededAt).judgingStartsAt;
  const judging = createJudgingService(
    deps,
    judgingPorts(deps),
    () => new Date(judgingDay.getTime() + 3600 * 1000),
  );
  const chairRubric = [
    'Story in three scenes',
    'Cinematic craft (light, camera, grade)',
    'Chair features shown',
    'Fit with the chosen concept',
  ];
  const score = (values: number[], feedback: string) => ({
    scores: chairRubric.map((criterion, i) => ({ criterion, score: values[i]! })),
    feedback,
  });
  await judging.saveScore(cast.staff, noorEntry.id, score([8, 9, 8, 9], 'Clear three-scene arc.'));
  await judging.saveScore(cast.hbada, noorEntry.id, score([9, 8, 9, 8], 'The lumbar shot now sells it.'));
  await judging.saveScore(cast.staff, kenjiEntry.id, score([7, 8, 7, 8], 'Lovely recline sequence.'));
}

/**
 * The sign-off contest's entries (issue 49): Sam's cut approved by Hbada's manager (one of the two
 * approvals it needs), Ava's asked to change by Hbada's reviewer (so it waits for her version 2).
 */
async function seedSignOffContest(deps: DemoSeasonDeps, cast: DemoCast, clips: ClipMaker) {
  const contestRef = String(cast.signOffContestId);
  const now = new Date();
  const entries = entriesAt(deps, () => now);
  const submit = async (creator: DemoMember, title: string, colours: [string, string, string]) => {
    const videoId = await clips.clip(creator, title, colours, 'small', now);
    return entries.submit(contestRef, creator, { video_id: videoId, confirm_warnings: true });
  };
  const sam = await submit(cast.sam, 'Desk to Dusk', ['0x0b0b0f', '0xf5b301', '0x2dd4bf']);
  await entries.decideApproval(sam.id, cast.mara, {
    decision: 'approve',
    comment: 'The footrest tilt reads at once. Approved from my side.',
  });
  const ava = await submit(cast.ava, 'Feet Up Friday', ['0x102030', '0xf87171', '0xf5f5f7']);
  await entries.decideApproval(ava.id, cast.remy, {
    decision: 'changes',
    comment: 'Show the footrest in the first five seconds, please.',
  });
}

/**
 * The stages that need videos, through the services, each at the moment it would have happened
 * (the services' clocks): the finished contest's three entries, scored by two judges (staff and
 * Lumora), the results published with two prizes, one of them paid; in the chair contest Noor's
 * entry with two versions and a note pinned to a moment of the first, answered by Noor, Kenji's
 * entry, and judging under way: staff scored both, Hbada one. The chair contest's judging
 * window is still ahead, so its scores are given with a clock inside the window: the demo shows
 * every stage at once (docs/spec-decisions.md). In the sign-off contest, one entry with one of its
 * two approvals and one asked to change. Without ffmpeg it logs one line and makes none.
 * Returns the number of clips made.
 */
export async function seedDemoSeason(deps: DemoSeasonDeps, cast: DemoCast, seededAt = new Date()) {
  let ffmpeg: string;
  try {
    ffmpeg = resolveMediaBinaries(deps.config).ffmpeg;
  } catch {
    deps.log.info(
      'demo entries, judging and results skipped: no ffmpeg found (set FFMPEG_PATH or install ffmpeg)',
    );
    return 0;
  }
  const work = await mkdtemp(path.join(os.tmpdir(), 'demo-season-'));
  const clips = createClipMaker(deps, ffmpeg, work);
  try {
    const entryIds = await seedFinishedContest(deps, cast, seededAt, clips);
    await seedWinnersPaperwork(deps, cast, entryIds);
    await seedDemoAudience(deps, cast, entryIds, seededAt);
    await seedChairContest(deps, cast, seededAt, clips);
    await seedSignOffContest(deps, cast, clips);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return clips.made();
}
