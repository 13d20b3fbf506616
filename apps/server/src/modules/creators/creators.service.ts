import {
  type CreatorContests,
  type CreatorDashboard,
  type CreatorEarnings,
  type CreatorStats,
  type CreatorSubmission,
  type DashboardVideo,
  type ShippingAddress,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { videoMediaUrl } from '../../storage/media-signing';
import type { DbOrTx } from '../../db/client';
import { creatorBalance } from '../payouts';
import { countOwnVideos, ownVideosOf, videoTitlesAndViewsOf } from '../videos';
import * as repo from './creators.repository';
import type {
  ContestRow,
  CreatorsPorts,
  CurrentRoundRow,
  EntryRow,
  ResultRow,
  TimelineRow,
} from './creators.ports';
import {
  toCreatorSubmission,
  toDashboardContest,
  toDashboardVideo,
  type DashboardList,
  type ParticipationRow,
  type RoundStanding,
  type SubmissionRow,
} from './creators.presenter';

export type CreatorsServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'config'>;
type OwnVideoRows = Awaited<ReturnType<typeof ownVideosOf>>;

/**
 * The creator's submissions, newest first: each entry's newest version with its video's title and
 * views and its contest's title, from reads the caller made once for the whole list.
 */
function toSubmissionRows(
  entries: EntryRow[],
  contests: Map<number, ContestRow>,
  videos: Map<number, { title: string; views: number }>,
): SubmissionRow[] {
  return entries.flatMap((entry) => {
    const contest = contests.get(entry.contestId);
    // An idea round's entry has no video: the submission shown is the creator's latest video.
    const videoId = entry.videoId;
    const video = videoId === null ? undefined : videos.get(videoId);
    return contest && video && videoId !== null
      ? [{ ...entry, videoId, contestTitle: contest.title, videoTitle: video.title, viewCount: video.views }]
      : [];
  });
}

/**
 * The round a contest is in and whether the creator advanced (issue 47): advanced from that round,
 * or into it from the round before.
 */
function roundStanding(
  round: CurrentRoundRow | undefined,
  advancements: Array<{ roundId: number; nextRoundId: number | null }>,
): RoundStanding | undefined {
  if (!round) return undefined;
  const advanced = advancements.some((a) => a.roundId === round.id || a.nextRoundId === round.id);
  return { round, advanced };
}

/** Entries' timelines by entry id. */
function groupTimelines(timelines: TimelineRow[]): Map<number, TimelineRow[]> {
  const timelineOf = new Map<number, TimelineRow[]>();
  for (const event of timelines) {
    const timeline = timelineOf.get(event.entryId);
    if (timeline) timeline.push(event);
    else timelineOf.set(event.entryId, [event]);
  }
  return timelineOf;
}

/** Each contest's round standing for the creator (`roundStanding`), by contest id: two reads. */
async function roundStandingsOf(
  db: DbOrTx,
  ports: CreatorsPorts,
  userId: number,
  rows: Array<{ id: number }>,
  now: Date,
) {
  const [currentRounds, advancements] = await Promise.all([
    ports.currentRoundsOf(
      db,
      rows.map((row) => row.id),
      now,
    ),
    ports.roundsAdvancedFrom(db, userId),
  ]);
  return (contestId: number) => roundStanding(currentRounds.get(contestId), advancements);
}

/**
 * The creator's counts: videos, submissions, contests won, and contests taken part in (a selected
 * application or a submission). Four queries, whatever the creator's history.
 */
export async function creatorActivity(db: DbOrTx, ports: CreatorsPorts, userId: number) {
  const [videos, entries, applications, results] = await Promise.all([
    countOwnVideos(db, userId),
    ports.entriesOf(db, userId),
    ports.applicationsOf(db, userId),
    ports.resultsOf(db, userId),
  ]);
  const takenPart = new Set([
    ...applications.filter((a) => a.status === 'selected').map((a) => a.contestId),
    ...entries.map((e) => e.contestId),
  ]);
  return {
    videos,
    submissions: entries.length,
    wins: results.filter((r) => r.place === 1).length,
    participations: takenPart.size,
  };
}

/**
 * Where a contest goes on the creator's dashboard (spec §4, docs/spec-decisions.md):
 * - running (chip Active): the submission deadline has not passed and the creator takes part
 *   (application selected, or a video submitted);
 * - applied: the deadline has not passed and the application still awaits a decision;
 * - ended (chip Completed): the deadline has passed, or the application was declined or withdrawn.
 */
export function classifyContest(
  row: Pick<ParticipationRow, 'submissionDeadline' | 'applicationStatus'>,
  hasSubmission: boolean,
  now: Date,
): DashboardList {
  if (row.submissionDeadline.getTime() <= now.getTime()) return 'ended';
  if ((row.applicationStatus === 'declined' || row.applicationStatus === 'withdrawn') && !hasSubmission)
    return 'ended';
  if (hasSubmission || row.applicationStatus === 'selected') return 'running';
  return 'applied';
}

/** The creator dashboard: contests, videos, counts, earnings and submissions, always one's own. */
export function createCreatorsService(deps: CreatorsServiceDeps, ports: CreatorsPorts) {
  const db = deps.database.db;
  const mediaUrl = (key: string) => deps.storage.url(key);

  /**
   * The contests the creator takes part in, by list, and the contests read for them; the contests
   * of `alsoContestIds` are read in the same statement (the dashboard's videos name theirs).
   */
  async function listsWithContests(userId: number, alsoContestIds: Promise<number[]> = Promise.resolve([])) {
    const [applications, entries, results, scorecards, alsoIds] = await Promise.all([
      ports.applicationsOf(db, userId),
      ports.entriesOf(db, userId),
      ports.resultsOf(db, userId),
      ports.scorecardEntries(db, userId),
      alsoContestIds,
    ]);
    const takenPart = new Set([...applications.map((a) => a.contestId), ...entries.map((e) => e.contestId)]);
    const [contests, timelines, videos] = await Promise.all([
      ports.contestsOf(db, [...takenPart, ...alsoIds]),
      ports.timelinesOf(
        db,
        entries.map((e) => e.id),
      ),
      videoTitlesAndViewsOf(
        db,
        entries.flatMap((e) => (e.videoId === null ? [] : [e.videoId])),
      ),
    ]);
    const timelineOf = groupTimelines(timelines);
    const latestSubmission = new Map<number, SubmissionRow>();
    for (const s of toSubmissionRows(entries, contests, videos))
      if (!latestSubmission.has(s.contestId)) latestSubmission.set(s.contestId, s);
    const resultOf = new Map<number, ResultRow>(results.map((r) => [r.contestId, r]));
    const applicationOf = new Map(applications.map((a) => [a.contestId, a]));
    // The contests the creator applied or submitted to, latest deadline first.
    const rows: ParticipationRow[] = [...contests]
      .filter(([id]) => takenPart.has(id))
      .map(([id, contest]) => {
        const application = applicationOf.get(id);
        return {
          id,
          ...contest,
          applicationStatus: application?.status ?? null,
          shippingCarrier: application?.shippingCarrier ?? null,
          trackingNumber: application?.trackingNumber ?? null,
          shippedAt: application?.shippedAt ?? null,
          deliveredAt: application?.deliveredAt ?? null,
        };
      })
      .sort((x, y) => y.submissionDeadline.getTime() - x.submissionDeadline.getTime() || y.id - x.id);
    const now = new Date();
    const standingOf = await roundStandingsOf(db, ports, userId, rows, now); // issue 47
    const lists: CreatorContests = { running: [], applied: [], ended: [] };
    for (const row of rows) {
      const submission = latestSubmission.get(row.id) ?? null;
      const list = classifyContest(row, submission !== null, now);
      lists[list].push(
        toDashboardContest(
          row,
          list,
          submission,
          resultOf.get(row.id) ?? null,
          scorecards.get(row.id) ?? null,
          submission ? (timelineOf.get(submission.id) ?? []) : [],
          standingOf(row.id),
        ),
      );
    }
    return { lists, contests };
  }

  /** The creator's videos as the dashboard shows them, each with its contest's title. */
  function dashboardVideos(rows: OwnVideoRows, contests: Map<number, ContestRow>): DashboardVideo[] {
    // An unapproved video's poster is private: a signed, expiring URL (storage/media-signing.ts).
    return rows.map((video) =>
      toDashboardVideo(
        // Set on the row just read rather than copied with it (as videos' `withNames`).
        Object.assign(video, {
          contestTitle: video.contestId === null ? null : (contests.get(video.contestId)?.title ?? null),
        }),
        videoMediaUrl(deps.config.JWT_SECRET, mediaUrl, video),
      ),
    );
  }

  return {
    /** GET /api/accounts/creator/dashboard/: the contests the creator takes part in, by list. */
    async contestLists(userId: number): Promise<CreatorContests> {
      return (await listsWithContests(userId)).lists;
    },

    /**
     * GET /api/creator/dashboard/: the same lists under the other variant's names, plus videos;
     * the contests of both in one read.
     */
    async dashboard(userId: number): Promise<CreatorDashboard> {
      const videoRows = ownVideosOf(db, userId);
      const { lists, contests } = await listsWithContests(
        userId,
        videoRows.then((rows) => rows.flatMap((v) => (v.contestId === null ? [] : [v.contestId]))),
      );
      return {
        videos: dashboardVideos(await videoRows, contests),
        running_contests: lists.running,
        active_contests: lists.running,
        applied_contests: lists.applied,
        past_contests: lists.ended,
      };
    },

    /** The profile card's counts. */
    async stats(userId: number): Promise<CreatorStats> {
      const activity = await creatorActivity(db, ports, userId);
      return {
        total_videos: activity.videos,
        total_submissions: activity.submissions,
        contests_won: activity.wins,
        contest_participations: activity.participations,
      };
    },

    /**
     * The Earnings Overview, computed from the money ledger (issue 17): total earned, the last
     * RECENT_EARNINGS_DAYS, and pending (earned, not yet paid).
     */
    earnings(userId: number): Promise<CreatorEarnings> {
      return creatorBalance(db, userId);
    },

    /** The creator's submissions, newest first. */
    async submissions(userId: number): Promise<CreatorSubmission[]> {
      const entries = await ports.entriesOf(db, userId);
      const [contests, videos] = await Promise.all([
        ports.contestsOf(
          db,
          entries.map((e) => e.contestId),
        ),
        videoTitlesAndViewsOf(
          db,
          entries.flatMap((e) => (e.videoId === null ? [] : [e.videoId])),
        ),
      ]);
      return toSubmissionRows(entries, contests, videos).map(toCreatorSubmission);
    },
  };
}

/** The creator's saved shipping address, if they have a profile. */
export function findSavedShippingAddress(
  db: DbOrTx,
  creatorId: number,
): Promise<ShippingAddress | undefined> {
  return repo.findSavedShipping(db, creatorId);
}

/**
 * Makes `address` the creator's saved shipping address (an application with a new address does
 * this). Call it inside the caller's transaction.
 */
export function saveShippingAddress(tx: DbOrTx, creatorId: number, address: ShippingAddress): Promise<void> {
  return repo.saveShipping(tx, creatorId, address);
}

/**
 * The countries and avatar keys of these creators, by user id, in one query (what the applications
 * list shows of each applicant's profile). Creators without a profile are absent.
 */
export async function profileCardsOf(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, { country: string; avatarKey: string | null }>> {
  const rows = await repo.findProfileCards(db, [...new Set(userIds)]);
  return new Map(rows.map((row) => [row.userId, row]));
}

export type CreatorsService = ReturnType<typeof createCreatorsService>;
