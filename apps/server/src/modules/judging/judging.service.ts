import {
  compareRanked,
  JUDGING_LIMITS,
  JUDGING_MESSAGES,
  MESSAGES,
  RANK_BAND_LABELS,
  rankBand,
  toTenScale,
  type ContestResults,
  type CorrectResultsBody,
  type JudgingSheet,
  type OwnScore,
  type PublishResultsBody,
  type Ranking,
  type RankingQuery,
  type RankInput,
  type RecentWinners,
  type ScoreBody,
  type Scorecard,
  type VideoAward,
  type Winner,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { pageWindow, toPage } from '../../lib/paging';
import { assertContestMember, assertSignedIn, assertStaff, isContestMember } from '../../lib/policy';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { awardPrizes, correctPrize } from '../payouts/payouts.service';
import { createJudgingEmails } from './judging.emails';
import * as repo from './judging.repository';
import { brandOfUser } from '../accounts/membership';
import type { ContestRow, JudgedEntryRow, ScoreRow } from './judging.repository';
import { assertCanReadScorecard } from './judging.policy';
import { creatorName, toJudgedVideo, toOwnScore } from './judging.presenter';

export type JudgingServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

const notFound = () => new AppError('not_found', MESSAGES.generic.notFound);

/** Scores may be given or changed from the start of judging until its end, before publication. */
export function isJudgingOpen(
  contest: Pick<ContestRow, 'judgingStartsAt' | 'judgingEndsAt' | 'resultsPublishedAt'>,
  now: Date,
) {
  return (
    contest.resultsPublishedAt === null &&
    contest.judgingStartsAt.getTime() <= now.getTime() &&
    now.getTime() < contest.judgingEndsAt.getTime()
  );
}

/** One entry's standing: its judges' weighted totals summed, their spread, criterion sums, scores. */
type Standing = RankInput & Totals & { row: JudgedEntryRow; scores: ScoreRow[] };

/** One entry's judges' weighted totals (their number, sum, lowest, highest) and criterion sums. */
interface Totals {
  judges: number;
  totalSum: number;
  min: number;
  max: number;
  criterionSums: Map<string, number>;
}

/** Entries in ranking order (docs/spec-decisions.md "Judging": the tie rule). */
function rankBy<T extends Totals>(
  entries: JudgedEntryRow[],
  totalsOf: (entryId: number) => T,
): Array<RankInput & { row: JudgedEntryRow } & T> {
  return entries
    .map((row) => ({
      ...totalsOf(row.entryId),
      row,
      entryId: row.entryId,
      submittedAt: row.submittedAt.toISOString(),
    }))
    .sort(compareRanked);
}

/** Entries in ranking order, from the scores themselves (each standing keeps its own). */
function rank(entries: JudgedEntryRow[], scores: ScoreRow[]): Standing[] {
  const byEntry = new Map<number, ScoreRow[]>();
  for (const s of scores) byEntry.set(s.entryId, [...(byEntry.get(s.entryId) ?? []), s]);
  return rankBy(entries, (entryId) => {
    const own = byEntry.get(entryId) ?? [];
    const totals = own.map((s) => s.weightedTotal);
    const criterionSums = new Map<string, number>();
    for (const s of own)
      for (const c of s.scores)
        criterionSums.set(c.criterion, (criterionSums.get(c.criterion) ?? 0) + c.score);
    return {
      totalSum: totals.reduce((a, b) => a + b, 0),
      judges: own.length,
      min: totals.length ? Math.min(...totals) : 0,
      max: totals.length ? Math.max(...totals) : 0,
      criterionSums,
      scores: own,
    };
  });
}

const average = (s: Pick<RankInput, 'judges' | 'totalSum'>) =>
  s.judges ? toTenScale(s.totalSum / s.judges) : null;
const criterionAverage = (s: RankInput & Totals, criterion: string) =>
  s.judges ? Math.round(((s.criterionSums.get(criterion) ?? 0) / s.judges) * 100) / 100 : null;

/**
 * The places won by these videos (the judged version of a placed entry, results published): the
 * trophy on the video page and the library card.
 */
export async function findVideoAwards(db: DbOrTx, videoIds: number[]): Promise<Map<number, VideoAward>> {
  const rows = await repo.findAwardsOfVideos(db, videoIds);
  return new Map(
    rows.map((r) => [r.videoId, { place: r.place, contest_id: r.contestId, contest_title: r.contestTitle }]),
  );
}

/** The creator's readable scorecards: entry id by contest id (results published). */
export async function findScorecardEntries(db: DbOrTx, userId: number): Promise<Map<number, number>> {
  const rows = await repo.findPublishedEntriesOf(db, userId);
  return new Map(rows.map((r) => [r.contestId, r.entryId]));
}

/** Judging on the contest's rubric, the ranking, the results and every entrant's scorecard. */
export function createJudgingService(deps: JudgingServiceDeps, clock: () => Date = () => new Date()) {
  const db = deps.database.db;
  const mediaUrl = (key: string) => deps.storage.url(key);
  const emails = createJudgingEmails(deps);

  const requireContest = async (contestId: number) => {
    const contest = await repo.findContest(db, contestId);
    if (!contest) throw notFound();
    return contest;
  };
  /** 403 for those who see the contest but do not judge it; 404 for a draft they cannot see. */
  const requireJudge = async (user: AuthUser, contest: ContestRow) => {
    const judge = {
      ...user,
      brandId: user.role === 'brand' ? await brandOfUser(db, user.id) : null,
    };
    if (contest.publicationStatus === 'draft' && !isContestMember(judge, contest)) throw notFound();
    assertContestMember(judge, contest, JUDGING_MESSAGES.judgesOnly);
  };
  const window = (contest: ContestRow, now = clock()) => ({
    contest_id: contest.id,
    title: contest.title,
    rubric: contest.rubric,
    judging_starts_at: contest.judgingStartsAt.toISOString(),
    judging_ends_at: contest.judgingEndsAt.toISOString(),
    results_published_at: contest.resultsPublishedAt?.toISOString() ?? null,
    is_open: isJudgingOpen(contest, now),
  });

  const winnerOf = (
    result: { place: number; prizeCents: number },
    row: JudgedEntryRow,
    currency: string,
  ): Winner => ({
    place: result.place,
    prize_cents: result.prizeCents,
    currency,
    entry_id: row.entryId,
    creator_id: row.userId,
    creator_name: creatorName(row),
    video: toJudgedVideo(row, mediaUrl),
  });

  async function results(contestId: number): Promise<ContestResults> {
    const contest = await requireContest(contestId);
    const base = { contest_id: contest.id, contest_title: contest.title };
    if (!contest.resultsPublishedAt) return { ...base, published_at: null, entries_count: 0, winners: [] };
    const [placed, entries] = await Promise.all([
      repo.findResults(db, contest.id),
      repo.findJudgedEntries(db, { contestId: contest.id }),
    ]);
    const entryOf = new Map(entries.map((e) => [e.entryId, e]));
    const winners = placed.flatMap((r) => {
      const row = r.entryId === null ? undefined : entryOf.get(r.entryId);
      return row ? [winnerOf(r, row, contest.currency)] : [];
    });
    return {
      ...base,
      published_at: contest.resultsPublishedAt.toISOString(),
      entries_count: entries.length,
      winners,
    };
  }

  /** The contest's judged entries and the requested places, checked: distinct, of this contest. */
  async function checkPlaces(contestId: number, body: PublishResultsBody) {
    const entries = await repo.findJudgedEntries(db, { contestId });
    const entryOf = new Map(entries.map((e) => [e.entryId, e]));
    if (
      new Set(body.places.map((p) => p.entry_id)).size !== body.places.length ||
      new Set(body.places.map((p) => p.place)).size !== body.places.length
    )
      throw AppError.validation({ places: [JUDGING_MESSAGES.duplicatePlace] });
    if (body.places.some((p) => !entryOf.has(p.entry_id)))
      throw AppError.validation({ places: [JUDGING_MESSAGES.entryNotInContest] });
    const places = [...body.places].sort((a, b) => a.place - b.place);
    return { entries, entryOf, places };
  }

  return {
    /**
     * The public results (anyone, signed in or not): a draft contest does not exist here (404), as
     * on every public contest page; its brand and staff read drafts through the contest pages.
     */
    async results(contestId: number): Promise<ContestResults> {
      const contest = await requireContest(contestId);
      if (contest.publicationStatus === 'draft') throw notFound();
      return results(contestId);
    },

    /**
     * The audited correction of published results (staff): the places are replaced, and each
     * entry's prize on the ledger is brought to its new amount by a correction row (or a new
     * earning) — the ledger is never edited. Entries that lose their place get a correction to 0.
     */
    async correctResults(
      user: AuthUser | undefined,
      contestId: number,
      body: CorrectResultsBody,
    ): Promise<ContestResults> {
      assertSignedIn(user);
      assertStaff(user);
      const contest = await requireContest(contestId);
      if (!contest.resultsPublishedAt)
        throw new AppError('results_not_published', JUDGING_MESSAGES.resultsNotPublished);
      const { entryOf, places } = await checkPlaces(contestId, body);
      await db.transaction(async (tx) => {
        const before = await repo.findResults(tx, contestId);
        await repo.deleteResults(tx, contestId);
        const rows = places.map((p) => ({
          contestId,
          userId: entryOf.get(p.entry_id)!.userId,
          entryId: p.entry_id,
          place: p.place,
          prizeCents: p.prize_cents,
        }));
        await repo.insertResults(tx, rows);
        const newPrize = new Map(rows.map((r) => [r.entryId, r]));
        const touched = new Set([
          ...before.flatMap((b) => (b.entryId ? [b.entryId] : [])),
          ...newPrize.keys(),
        ]);
        for (const entryId of touched) {
          const row = newPrize.get(entryId);
          const userId = row?.userId ?? before.find((b) => b.entryId === entryId)!.userId;
          await correctPrize(
            tx,
            { userId, contestId, entryId, amountCents: row?.prizeCents ?? 0, currency: contest.currency },
            body.reason,
            user.id,
          );
        }
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'results.correct',
          targetType: 'contest',
          targetId: contestId,
          before: {
            places: before.map((b) => ({ entry_id: b.entryId, place: b.place, prize_cents: b.prizeCents })),
          },
          after: { places, reason: body.reason },
        });
      });
      return results(contestId);
    },

    /**
     * A judge's score of an entry's newest version, on every criterion of the contest's rubric,
     * with feedback for the entrant. Judges: staff and the contest's brand; only during the
     * judging window and before publication (409 `judging_closed` otherwise). Saved again, it
     * replaces the judge's earlier score. The first score moves the entry to 'scored'. Audited.
     */
    async saveScore(user: AuthUser | undefined, entryId: number, body: ScoreBody): Promise<OwnScore> {
      assertSignedIn(user);
      const entry = await repo.findEntry(db, entryId);
      if (!entry) throw notFound();
      const contest = await requireContest(entry.contestId);
      await requireJudge(user, contest);
      if (contest.resultsPublishedAt) throw new AppError('judging_closed', JUDGING_MESSAGES.resultsPublished);
      if (!isJudgingOpen(contest, clock())) throw new AppError('judging_closed', JUDGING_MESSAGES.notJudging);
      if (!contest.rubric.length) throw new AppError('conflict', JUDGING_MESSAGES.noRubric);
      const given = new Map(body.scores.map((s) => [s.criterion, s.score]));
      if (
        given.size !== body.scores.length ||
        given.size !== contest.rubric.length ||
        contest.rubric.some((c) => !given.has(c.name))
      )
        throw AppError.validation({ scores: [JUDGING_MESSAGES.criteriaMismatch] });
      const [judged] = await repo.findJudgedEntries(db, { contestId: contest.id, entryIds: [entryId] });
      if (!judged) throw new AppError('conflict', JUDGING_MESSAGES.noEntries);
      const scores = contest.rubric.map((c) => ({ criterion: c.name, score: given.get(c.name)! }));
      const weightedTotal = contest.rubric.reduce((sum, c) => sum + c.weight * given.get(c.name)!, 0);
      const saved = await db.transaction(async (tx) => {
        const before = await repo.findScore(tx, entryId, user.id);
        const row = await repo.upsertScore(tx, {
          entryId,
          version: judged.version,
          judgeId: user.id,
          scores,
          weightedTotal,
          feedback: body.feedback,
        });
        await repo.moveEntry(tx, entryId, 'scored', '', judged.version);
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'score.save',
          targetType: 'entry',
          targetId: entryId,
          before: before
            ? { version: before.version, scores: before.scores, feedback: before.feedback }
            : null,
          after: { version: judged.version, scores, feedback: body.feedback },
        });
        return row;
      });
      return toOwnScore(saved);
    },

    /** The judging sheet: every entry's newest version with the caller's own score only. */
    async sheet(user: AuthUser | undefined, contestId: number): Promise<JudgingSheet> {
      assertSignedIn(user);
      const contest = await requireContest(contestId);
      await requireJudge(user, contest);
      const [entries, mine] = await Promise.all([
        repo.findJudgedEntries(db, { contestId }),
        repo.findContestScores(db, contestId, user.id),
      ]);
      const myScore = new Map(mine.map((s) => [s.entryId, s]));
      return {
        ...window(contest),
        entries: entries.map((row) => {
          const score = myScore.get(row.entryId);
          return {
            entry_id: row.entryId,
            version: row.version,
            submitted_at: row.submittedAt.toISOString(),
            video: toJudgedVideo(row, mediaUrl),
            my_score: score ? toOwnScore(score) : null,
          };
        }),
      };
    },

    /**
     * Staff's ranking, a page at a time: weighted average over judges, their number and spread, the
     * tie rule — ordered in SQL over every entry, only the page's entries read with their video.
     */
    async ranking(
      user: AuthUser | undefined,
      contestId: number,
      query: RankingQuery,
      url: URL,
    ): Promise<Ranking> {
      assertSignedIn(user);
      assertStaff(user);
      const contest = await requireContest(contestId);
      const request = { page: query.page, pageSize: JUDGING_LIMITS.rankingPageSize, url };
      const [{ rows, count }, placed] = await Promise.all([
        repo.findRankingPage(db, contestId, pageWindow(request)),
        repo.findPlaces(db, contestId),
      ]);
      const placeOf = new Map(placed.map((r) => [r.entryId, r]));
      const { results, ...links } = toPage(
        rows.map((row) => {
          const result = placeOf.get(row.entryId);
          const sums = row.criterionSums ?? {};
          return {
            rank: row.rank,
            tied: row.tied,
            entry_id: row.entryId,
            creator_id: row.userId,
            creator_name: creatorName(row),
            creator_email: row.creatorEmail,
            version: row.version,
            video: toJudgedVideo(row, mediaUrl),
            weighted_average: average(row),
            judges: row.judges,
            spread: toTenScale(row.maxTotal - row.minTotal),
            criteria: contest.rubric.map((c) => ({
              criterion: c.name,
              average: row.judges ? Math.round((Number(sums[c.name] ?? 0) / row.judges) * 100) / 100 : null,
            })),
            place: result?.place ?? null,
            prize_cents: result?.prizeCents ?? null,
          };
        }),
        count,
        request,
        deps.config.PUBLIC_URL,
      );
      return {
        contest_id: contest.id,
        rubric: contest.rubric,
        results_published_at: contest.resultsPublishedAt?.toISOString() ?? null,
        currency: contest.currency,
        prize_cents: contest.prizeCents,
        ...links,
        entries: results,
      };
    },

    /**
     * Publishes the final places and prizes (staff), once: the contest is marked published with a
     * conditional update, so of two publications the second is 409 `results_published`. In the same
     * transaction: the places, one pending earning per prize on the ledger, every entry moved to
     * 'result' (timeline row), the audit row. Then every entrant is e-mailed a scorecard link.
     */
    async publish(
      user: AuthUser | undefined,
      contestId: number,
      body: PublishResultsBody,
    ): Promise<ContestResults> {
      assertSignedIn(user);
      assertStaff(user);
      const contest = await requireContest(contestId);
      if (contest.resultsPublishedAt)
        throw new AppError('results_published', JUDGING_MESSAGES.resultsPublished);
      const now = clock();
      if (now.getTime() < contest.judgingStartsAt.getTime())
        throw new AppError('conflict', JUDGING_MESSAGES.notJudgedYet);
      const { entries, entryOf, places } = await checkPlaces(contestId, body);
      await db.transaction(async (tx) => {
        if (!(await repo.markPublished(tx, contestId, now)))
          throw new AppError('results_published', JUDGING_MESSAGES.resultsPublished);
        const rows = places.map((p) => ({
          contestId,
          userId: entryOf.get(p.entry_id)!.userId,
          entryId: p.entry_id,
          place: p.place,
          prizeCents: p.prize_cents,
        }));
        await repo.insertResults(tx, rows);
        await awardPrizes(
          tx,
          rows.map((r) => ({ ...r, amountCents: r.prizeCents, currency: contest.currency })),
          user.id,
        );
        const placeOf = new Map(places.map((p) => [p.entry_id, p.place]));
        for (const e of entries) {
          const place = placeOf.get(e.entryId);
          await repo.moveEntry(tx, e.entryId, 'result', place ? `place ${place}` : '', e.version);
        }
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'results.publish',
          targetType: 'contest',
          targetId: contestId,
          before: { results_published_at: null },
          after: { results_published_at: now.toISOString(), places },
        });
      });
      const placeOf = new Map(places.map((p) => [p.entry_id, p.place]));
      for (const e of entries)
        await emails
          .sendResult(e.creatorEmail, contest.title, e.entryId, placeOf.get(e.entryId) ?? null)
          .catch((error: unknown) => {
            deps.log.warn({ err: error, entryId: e.entryId }, 'could not queue the results e-mail');
          });
      return results(contestId);
    },

    /**
     * The entrant's scorecard after publication: per-criterion averages, rank and rank band,
     * place and prize, and each judge's feedback as "Judge n" (judges numbered in the order of
     * their accounts among the contest's judges, the same on every scorecard).
     */
    async scorecard(user: AuthUser | undefined, entryId: number): Promise<Scorecard> {
      assertSignedIn(user);
      const entry = await repo.findEntry(db, entryId);
      if (!entry) throw notFound();
      assertCanReadScorecard(user, entry.userId);
      const contest = await requireContest(entry.contestId);
      if (!contest.resultsPublishedAt)
        throw new AppError('results_not_published', JUDGING_MESSAGES.resultsNotPublished);
      const [entries, scores, placed] = await Promise.all([
        repo.findJudgedEntries(db, { contestId: contest.id }),
        repo.findContestScores(db, contest.id),
        repo.findResults(db, contest.id),
      ]);
      const standings = rank(entries, scores);
      const index = standings.findIndex((s) => s.entryId === entryId);
      const own = standings[index];
      if (!own) throw new AppError('conflict', JUDGING_MESSAGES.noEntries);
      const result = placed.find((r) => r.entryId === entryId);
      const judgeNumber = new Map<number, number>();
      for (const s of [...scores].sort((a, b) => a.judgeId - b.judgeId))
        if (!judgeNumber.has(s.judgeId)) judgeNumber.set(s.judgeId, judgeNumber.size + 1);
      const band = rankBand(index + 1, standings.length, Boolean(result));
      return {
        entry_id: entryId,
        contest_id: contest.id,
        contest_title: contest.title,
        version: own.row.version,
        video: toJudgedVideo(own.row, mediaUrl),
        published_at: contest.resultsPublishedAt.toISOString(),
        rank: index + 1,
        entries_count: standings.length,
        rank_band: band,
        rank_band_label: RANK_BAND_LABELS[band],
        place: result?.place ?? null,
        prize_cents: result && result.prizeCents > 0 ? result.prizeCents : null,
        currency: contest.currency,
        weighted_average: average(own),
        judges: own.judges,
        criteria: contest.rubric.map((c) => ({
          criterion: c.name,
          weight: c.weight,
          average: criterionAverage(own, c.name),
        })),
        feedback: own.scores
          .map((s) => ({ n: judgeNumber.get(s.judgeId)!, feedback: s.feedback }))
          .filter((f) => f.feedback.trim())
          .sort((a, b) => a.n - b.n)
          .map((f) => ({ judge: `Judge ${f.n}`, feedback: f.feedback })),
      };
    },

    /** The newest published winners of all contests (the home page's carousel). */
    async recentWinners(): Promise<RecentWinners> {
      const placed = await repo.findRecentWinners(db, JUDGING_LIMITS.winnersShown);
      const entries = await repo.findJudgedEntries(db, {
        entryIds: placed.flatMap((p) => (p.entryId === null ? [] : [p.entryId])),
      });
      const entryOf = new Map(entries.map((e) => [e.entryId, e]));
      return {
        results: placed.flatMap((p) => {
          const row = p.entryId === null ? undefined : entryOf.get(p.entryId);
          return row
            ? [{ ...winnerOf(p, row, p.currency), contest_id: p.contestId, contest_title: p.contestTitle }]
            : [];
        }),
      };
    },
  };
}
