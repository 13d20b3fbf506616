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
import { creatorBalance } from '../payouts/payouts.service';
import * as repo from './creators.repository';
import type { ParticipationRow, ResultRow, SubmissionRow } from './creators.repository';
import {
  toCreatorSubmission,
  toDashboardContest,
  toDashboardVideo,
  type DashboardList,
} from './creators.presenter';

export type CreatorsServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'config'> & {
  /**
   * The entry whose published scorecard the creator may open, by contest id: judging's read, passed
   * in by the app wiring (modules/index.ts), since judging sits above creators (judging -> entries ->
   * contests -> creators).
   */
  scorecardEntries: (db: DbOrTx, userId: number) => Promise<Map<number, number>>;
};

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
export function createCreatorsService(deps: CreatorsServiceDeps) {
  const db = deps.database.db;
  const mediaUrl = (key: string) => deps.storage.url(key);

  /** GET /api/accounts/creator/dashboard/: the contests the creator takes part in, by list. */
  async function contestLists(userId: number): Promise<CreatorContests> {
    const [rows, submissions, results, scorecards, timelines] = await Promise.all([
      repo.findParticipatedContests(db, userId),
      repo.findSubmissions(db, userId),
      repo.findResults(db, userId),
      deps.scorecardEntries(db, userId),
      repo.findEntryTimelines(db, userId),
    ]);
    const timelineOf = new Map<number, repo.TimelineRow[]>();
    for (const event of timelines)
      timelineOf.set(event.entryId, [...(timelineOf.get(event.entryId) ?? []), event]);
    const latestSubmission = new Map<number, SubmissionRow>();
    for (const s of submissions) if (!latestSubmission.has(s.contestId)) latestSubmission.set(s.contestId, s);
    const resultOf = new Map<number, ResultRow>(results.map((r) => [r.contestId, r]));
    const now = new Date();
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
        ),
      );
    }
    return lists;
  }

  async function ownVideos(userId: number): Promise<DashboardVideo[]> {
    const rows = await repo.findOwnVideos(db, userId);
    // An unapproved video's poster is private: a signed, expiring URL (storage/media-signing.ts).
    return rows.map((video) =>
      toDashboardVideo(video, videoMediaUrl(deps.config.JWT_SECRET, mediaUrl, video)),
    );
  }

  return {
    contestLists,

    /** GET /api/creator/dashboard/: the same lists under the other variant's names, plus videos. */
    async dashboard(userId: number): Promise<CreatorDashboard> {
      const [lists, videos] = await Promise.all([contestLists(userId), ownVideos(userId)]);
      return {
        videos,
        running_contests: lists.running,
        active_contests: lists.running,
        applied_contests: lists.applied,
        past_contests: lists.ended,
      };
    },

    /** The profile card's counts. */
    async stats(userId: number): Promise<CreatorStats> {
      const [counts, participations] = await Promise.all([
        repo.countCreatorActivity(db, userId),
        repo.countParticipations(db, userId),
      ]);
      return {
        total_videos: counts.videos,
        total_submissions: counts.submissions,
        contests_won: counts.wins,
        contest_participations: participations,
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
      const rows = await repo.findSubmissions(db, userId);
      return rows.map(toCreatorSubmission);
    },
  };
}

/** The account's own e-mail address (verified: accounts sign in only once it is). */
export function findAccountEmail(db: DbOrTx, userId: number): Promise<string | undefined> {
  return repo.findAccountEmail(db, userId);
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
