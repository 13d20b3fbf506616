import {
  centsToAmount,
  type CreatorContests,
  type CreatorDashboard,
  type CreatorEarnings,
  type CreatorStats,
  type CreatorSubmission,
  type DashboardContest,
  type DashboardVideo,
} from '@app/domain';
import type { Database } from '../../db/client';
import * as repo from './creators.repository';

export interface CreatorsServiceDeps {
  db: Database;
  /** Public URL of a stored media object (posters). */
  mediaUrl: (key: string) => string;
}

type ParticipationRow = Awaited<ReturnType<typeof repo.findParticipatedContests>>[number];
type SubmissionRow = Awaited<ReturnType<typeof repo.findSubmissions>>[number];
type ResultRow = Awaited<ReturnType<typeof repo.findResults>>[number];

/**
 * Where a contest goes on the creator's dashboard (spec §4, docs/spec-decisions.md):
 * - running (chip Active): the submission deadline has not passed and the creator takes part
 *   (application selected, or a video submitted);
 * - applied: the deadline has not passed and the application still awaits a decision;
 * - ended (chip Completed): the deadline has passed, or the application was rejected.
 */
export function classifyContest(
  row: Pick<ParticipationRow, 'submissionDeadline' | 'applicationStatus'>,
  hasSubmission: boolean,
  now: Date,
): 'running' | 'applied' | 'ended' {
  if (row.submissionDeadline.getTime() <= now.getTime()) return 'ended';
  if (row.applicationStatus === 'rejected' && !hasSubmission) return 'ended';
  if (hasSubmission || row.applicationStatus === 'selected') return 'running';
  return 'applied';
}

const STATUS_LABEL = { running: 'active', applied: 'applied', ended: 'completed' } as const;

/** The creator dashboard: contests, videos, counts, earnings and submissions, always one's own. */
export function createCreatorsService({ db, mediaUrl }: CreatorsServiceDeps) {
  async function contestLists(userId: number): Promise<CreatorContests> {
    const [rows, submissions, results] = await Promise.all([
      repo.findParticipatedContests(db, userId),
      repo.findSubmissions(db, userId),
      repo.findResults(db, userId),
    ]);
    const latestSubmission = new Map<number, SubmissionRow>();
    for (const s of submissions) if (!latestSubmission.has(s.contestId)) latestSubmission.set(s.contestId, s);
    const resultOf = new Map<number, ResultRow>(results.map((r) => [r.contestId, r]));
    const now = new Date();
    const lists: CreatorContests = { running: [], applied: [], ended: [] };
    for (const row of rows) {
      const submission = latestSubmission.get(row.id) ?? null;
      const list = classifyContest(row, submission !== null, now);
      lists[list].push(toDashboardContest(row, list, submission, resultOf.get(row.id) ?? null));
    }
    return lists;
  }

  async function ownVideos(userId: number): Promise<DashboardVideo[]> {
    const rows = await repo.findOwnVideos(db, userId);
    return rows.map((v) => {
      const poster = v.posterKey ? mediaUrl(v.posterKey) : null;
      const created = v.createdAt.toISOString();
      return {
        id: v.id,
        title: v.title,
        description: v.description,
        thumbnail: poster,
        thumbnail_url: poster,
        status: v.status,
        failure_reason: v.failureReason,
        is_approved: v.isApproved,
        contest_id: v.contestId,
        type: v.contestId === null ? 'standalone' : 'contest',
        views: v.views,
        likes: v.likes,
        created_at: created,
        createdAt: created,
      };
    });
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

    async earnings(userId: number): Promise<CreatorEarnings> {
      const sums = await repo.sumEarnings(db, userId);
      return {
        total_earnings: centsToAmount(sums.total),
        recent_earnings: centsToAmount(sums.recent),
        pending_payments: centsToAmount(sums.pending),
        currency: 'USD',
      };
    },

    async submissions(userId: number): Promise<CreatorSubmission[]> {
      const rows = await repo.findSubmissions(db, userId);
      return rows.map((s) => ({
        id: s.id,
        video: { id: s.videoId, title: s.videoTitle },
        contest: { id: s.contestId, title: s.contestTitle },
        created_at: s.createdAt.toISOString(),
        submission_date: s.createdAt.toISOString(),
        view_count: s.viewCount,
      }));
    },
  };
}

function toDashboardContest(
  row: ParticipationRow,
  list: 'running' | 'applied' | 'ended',
  submission: SubmissionRow | null,
  result: ResultRow | null,
): DashboardContest {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: row.thumbnailUrl,
    prize: centsToAmount(row.prizeCents),
    deadline: row.submissionDeadline.toISOString(),
    end_date: row.winnersAt.toISOString(),
    timezone: row.timezone,
    status: STATUS_LABEL[list],
    application_status: row.applicationStatus,
    submission: submission
      ? { id: submission.id, video_id: submission.videoId, created_at: submission.createdAt.toISOString() }
      : null,
    result: result ? { place: result.place, prize: centsToAmount(result.prizeCents) } : null,
  };
}
