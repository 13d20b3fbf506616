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
import { throttle } from '../../lib/throttle';
import type { Caller } from '../../plugins/auth';
import { contestFactsOf } from '../contests';
import { videosPorts } from '../entries';
import { createVideoVisibility, videoIdsOfOwner } from '../videos';
import { computeContestInsights } from './contest-insights';
import { canSeeContestInsights } from './insights.policy';
import * as repo from './insights.repository';
import { playNumbersOf, sumPlays } from './play-numbers';
import { staffOverview, utcDay } from './staff-overview';

export type InsightsServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

const notFound = () => new AppError('not_found', MESSAGES.generic.notFound);
/**
 * A client address as the play tables keep it: an HMAC of the address and the day under the
 * server's secret — neither reversible nor the same from one day to the next.
 */
const clientKeyOf = (secret: string, day: string, address: string) =>
  createHmac('sha256', secret).update(`plays:${day}:${address}`).digest('base64url');

/**
 * Insights (issue 33): first-party play statistics counted from the player's beacons, and the
 * charts' numbers of a contest (for its brand and staff) and of the platform (for staff). The
 * numbers other modules own are asked of them; only the play tables are this module's.
 */
export function createInsightsService(deps: InsightsServiceDeps, clock: () => Date = () => new Date()) {
  const { db } = deps.database;
  const canSee = createVideoVisibility(deps, videosPorts);
  /**
   * Each contest's insights as last computed, reused for INSIGHTS_CACHE_SECONDS: a dashboard at
   * 50 requests a second then costs one computation per contest and period (docs/benchmarks.md).
   * Only numbers live here (no caller's data); another process computes its own.
   */
  const computed = new Map<number, { until: number; insights: Promise<ContestInsights> }>();
  const CACHED_CONTESTS = 200;

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
      if (!canSeeContestInsights(user, contest)) throw notFound();

      const now = clock().getTime();
      const hit = computed.get(contestId);
      if (hit && hit.until > now) return hit.insights;
      const insights = computeContestInsights(db, contestId, contest);
      if (deps.config.INSIGHTS_CACHE_SECONDS > 0) {
        if (computed.size >= CACHED_CONTESTS) computed.delete(computed.keys().next().value!);
        computed.set(contestId, { until: now + deps.config.INSIGHTS_CACHE_SECONDS * 1000, insights });
        // A failed computation is not kept.
        insights.catch(() => computed.delete(contestId));
      }
      return insights;
    },

    /** The staff overview: uploads, failures and processing times per day, and the review queue. */
    staffInsights: (days: number): Promise<StaffInsights> => staffOverview(db, clock(), days),
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
