import { createHmac } from 'node:crypto';
import {
  INSIGHTS_LIMITS,
  MESSAGES,
  type ContestInsights,
  type MyVideoPlays,
  type PlayBeaconBody,
  type StaffInsights,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { isContestMember } from '../../lib/policy';
import { throttle } from '../../lib/throttle';
import type { Caller } from '../../plugins/auth';
import { namesOf } from '../accounts';
import { applicationFunnelOf } from '../applications';
import { contestFactsOf } from '../contests';
import {
  entriesAtOrAfter,
  entryStatusCountsOf,
  entrySubmissionsByDay,
  entryVideosOf,
  videosOwners,
} from '../entries';
import { scoredByJudgeOf } from '../judging';
import {
  createVideoVisibility,
  processingTimesByDay,
  reviewQueueAges,
  uploadsByDay,
  videoIdsOfOwner,
  videoTitlesOf,
} from '../videos';
import * as repo from './insights.repository';
import { playNumbersOf, retentionOf, sumPlays } from './play-numbers';

export type InsightsServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

const notFound = () => new AppError('not_found', MESSAGES.generic.notFound);
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
/**
 * A client address as the play tables keep it: an HMAC of the address and the day under the
 * server's secret — neither reversible nor the same from one day to the next.
 */
const clientKeyOf = (secret: string, day: string, address: string) =>
  createHmac('sha256', secret).update(`plays:${day}:${address}`).digest('base64url');
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Insights (issue 33): first-party play statistics counted from the player's beacons, and the
 * charts' numbers of a contest (for its brand and staff) and of the platform (for staff). The
 * numbers other modules own are asked of them; only the play tables are this module's.
 */
export function createInsightsService(deps: InsightsServiceDeps, clock: () => Date = () => new Date()) {
  const { db } = deps.database;
  const canSee = createVideoVisibility(deps, videosOwners);
  /**
   * Each contest's insights as last computed, reused for INSIGHTS_CACHE_SECONDS: a dashboard at
   * 50 requests a second then costs one computation per contest and period (docs/benchmarks.md).
   * Only numbers live here (no caller's data); another process computes its own.
   */
  const computed = new Map<number, { until: number; insights: Promise<ContestInsights> }>();
  const CACHED_CONTESTS = 200;

  async function computeInsights(
    contestId: number,
    contest: { title: string; submissionDeadline: Date },
  ): Promise<ContestInsights> {
    const [applied, statusCounts, byDay, scored, ranked] = await Promise.all([
      applicationFunnelOf(db, contestId),
      entryStatusCountsOf(db, contestId),
      entrySubmissionsByDay(db, contestId),
      scoredByJudgeOf(db, contestId),
      repo.mostPlayedEntries(db, entryVideosOf(db, contestId), INSIGHTS_LIMITS.entriesShown),
    ]);
    const entriesTotal = entriesAtOrAfter(statusCounts, 'uploaded');
    const [titles, judges] = await Promise.all([
      videoTitlesOf(
        db,
        ranked.map((entry) => entry.videoId),
      ),
      namesOf(
        db,
        scored.map((row) => row.judgeId),
      ),
    ]);

    let cumulative = 0;
    return {
      contest_id: contestId,
      title: contest.title,
      funnel: {
        ...applied,
        submitted: entriesTotal,
        checked: entriesAtOrAfter(statusCounts, 'checked'),
        scored: entriesAtOrAfter(statusCounts, 'scored'),
        paid: entriesAtOrAfter(statusCounts, 'paid'),
      },
      submissions_by_day: byDay.map((row) => ({ ...row, cumulative: (cumulative += row.count) })),
      submission_deadline: contest.submissionDeadline.toISOString(),
      judges: scored.map((row) => {
        const name = judges.get(row.judgeId);
        return {
          judge_id: row.judgeId,
          // A judge is a person (staff or a brand's user): their name, else their e-mail.
          name: name
            ? [name.firstName, name.lastName].filter(Boolean).join(' ').trim() || name.email
            : `Judge ${row.judgeId}`,
          scored: row.scored,
          total: entriesTotal,
        };
      }),
      // In the schema's order (the route writes the answer as presented): the play numbers first.
      entries: ranked.map((entry) => ({
        ...playNumbersOf(entry),
        entry_id: entry.entryId,
        title: titles.get(entry.videoId) ?? `Entry ${entry.entryId}`,
        retention: retentionOf(entry),
      })),
      entries_total: entriesTotal,
    };
  }

  return {
    /**
     * Counts one beacon: 429 past the per-client limit, 404 for a video the caller may not see.
     * Per (video, session, UTC day): the first beacon makes the session a viewer, the first
     * `start` a play (a replay the same day is not another), each tenth counts once. A client
     * address has at most `viewerSessionsPerClient` such sessions per video and day; a further
     * session counts nothing — no viewer, no play, no tenth — or one machine inventing session ids
     * would inflate every number. Marks, client counts and aggregates change in one transaction.
     */
    async recordBeacon(
      user: Caller | undefined,
      videoId: number,
      beacon: PlayBeaconBody,
      address: string,
    ): Promise<void> {
      const day = utcDay(clock());
      const client = clientKeyOf(deps.config.JWT_SECRET, day, address);
      await throttle(deps.database, {
        key: `plays:client:${client}`,
        limit: INSIGHTS_LIMITS.beaconsPerMinute,
        windowSeconds: 60,
      });
      await canSee(videoId, user);
      const marks = beacon.event === 'start' ? [repo.PLAY_MARK, 0] : [...new Set([0, beacon.tenth])];
      await db.transaction(async (tx) => {
        const session = { videoId, day, session: beacon.session };
        const fresh = await repo.markTenths(tx, session, marks);
        if (!fresh.length) return;
        // Every beacon marks tenth 0: fresh, it is the session's first beacon of the day here.
        const newSession = fresh.includes(0);
        const admitted =
          !newSession ||
          (await repo.admitSession(tx, { videoId, day, client }, INSIGHTS_LIMITS.viewerSessionsPerClient));
        // Not counted: its marks go, so its later beacons go uncounted the same way.
        if (!admitted) return repo.forgetSession(tx, session);
        const reached = repo.emptyReached();
        for (const tenth of fresh) if (tenth !== repo.PLAY_MARK) reached[tenth] = 1;
        const plays = fresh.includes(repo.PLAY_MARK) ? 1 : 0;
        await repo.addPlays(tx, videoId, day, { plays, viewers: reached[0]!, reached });
      });
      // Yesterday's marks still deduplicate sessions that run over midnight; older ones go.
      if (Math.random() < 0.01) await repo.pruneMarks(db, day);
    },

    /** The caller's own videos' play numbers (My Videos). */
    async myVideoPlays(user: Caller): Promise<MyVideoPlays> {
      const ids = await videoIdsOfOwner(db, user.id);
      const totals = new Map((await repo.findTotals(db, ids)).map((row) => [row.videoId, row]));
      return {
        videos: ids.map((id) => {
          const row = totals.get(id);
          return { video_id: id, ...playNumbersOf(sumPlays(row ? [row] : [])) };
        }),
      };
    },

    /** A contest's funnel, submissions, judging progress and most played entries (staff, its brand). */
    async contestInsights(user: Caller, contestId: number): Promise<ContestInsights> {
      const contest = (await contestFactsOf(db, [contestId])).get(contestId);
      if (!contest) throw notFound();
      // Another brand learns nothing of the contest, not even that it exists.
      if (!isContestMember(user, contest)) throw notFound();

      const now = clock().getTime();
      const hit = computed.get(contestId);
      if (hit && hit.until > now) return hit.insights;
      const insights = computeInsights(contestId, contest);
      if (deps.config.INSIGHTS_CACHE_SECONDS > 0) {
        if (computed.size >= CACHED_CONTESTS) computed.delete(computed.keys().next().value!);
        computed.set(contestId, { until: now + deps.config.INSIGHTS_CACHE_SECONDS * 1000, insights });
        // A failed computation is not kept.
        insights.catch(() => computed.delete(contestId));
      }
      return insights;
    },

    /** The staff overview: uploads, failures and processing times per day, and the review queue. */
    async staffInsights(days: number): Promise<StaffInsights> {
      const now = clock();
      const first = new Date(Date.parse(utcDay(now)) - (days - 1) * DAY_MS);
      const [uploads, times, queue] = await Promise.all([
        uploadsByDay(db, first),
        processingTimesByDay(db, first),
        reviewQueueAges(db, now),
      ]);
      const uploadsOn = new Map(uploads.map((row) => [row.date, row]));
      const timesOn = new Map(times.map((row) => [row.date, row]));
      const seconds = (value: number | undefined) =>
        value === undefined ? null : Math.round(Number(value) * 10) / 10;
      return {
        days,
        by_day: Array.from({ length: days }, (_, i) => {
          const date = utcDay(new Date(first.getTime() + i * DAY_MS));
          return {
            date,
            uploads: uploadsOn.get(date)?.uploads ?? 0,
            failed: uploadsOn.get(date)?.failed ?? 0,
            processing_p50_seconds: seconds(timesOn.get(date)?.p50),
            processing_p95_seconds: seconds(timesOn.get(date)?.p95),
          };
        }),
        review_queue: {
          waiting: queue.waiting,
          oldest_waiting_since: queue.oldest,
          by_age: [
            { label: 'Under 1 day', count: queue.underDay },
            { label: '1–3 days', count: queue.upTo3 },
            { label: '3–7 days', count: queue.upTo7 },
            { label: 'Over 7 days', count: queue.older },
          ],
        },
      };
    },
  };
}
