import {
  ADVANCE_MESSAGES,
  APPROVAL_MESSAGES,
  JUDGING_MESSAGES,
  type ContestResults,
  type CorrectResultsBody,
  type PublishResultsBody,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { awardPrizes, correctPrize } from '../payouts';
import { createJudgingEmails } from './judging.emails';
import { approvedVersionsAmong, moveEntry } from '../entries';
import { markResultsPublished } from '../contests';
import * as repo from './judging.repository';
import { findJudgedEntries } from './judged-entries';
import { assertSignedIn } from './judging.policy';
import type { JudgingContext, JudgingServiceDeps } from './judging-context';
import type { JudgingPorts } from './judging.ports';
import type { JudgedEntryRow } from './judged-entries';

/**
 * 409 `approval_missing` when the contest asks for brand approvals (issue 49) and a placed entry's
 * judged version is not approved.
 */
async function assertPlacesApproved(
  db: DbOrTx,
  contest: { approvalsRequired: number },
  places: PublishResultsBody['places'],
  entryOf: Map<number, { version: number }>,
) {
  if (contest.approvalsRequired === 0) return;
  const placed = places.map((p) => ({ entryId: p.entry_id, version: entryOf.get(p.entry_id)!.version }));
  const approved = await approvedVersionsAmong(db, placed, contest.approvalsRequired);
  if (placed.some((p) => !approved.has(p.entryId)))
    throw new AppError('approval_missing', APPROVAL_MESSAGES.approvalMissing);
}

/**
 * The placed entries' licences (issue 51), issued once the results are committed, from the
 * results' publication. A failure is logged: the licence is then issued on its first read
 * (licence-issuing.ts, docs/spec-decisions.md).
 */
async function issueLicences(
  deps: Pick<JudgingServiceDeps, 'log'>,
  ports: JudgingPorts,
  contest: { id: number; brandId: number },
  publishedAt: Date,
  places: PublishResultsBody['places'],
  entryOf: Map<number, JudgedEntryRow>,
) {
  const grants = places.map((p) => {
    const e = entryOf.get(p.entry_id)!;
    return {
      entryId: e.entryId,
      contestId: contest.id,
      brandId: contest.brandId,
      userId: e.userId,
      videoId: e.videoId,
      title: e.videoTitle,
      publishedAt,
    };
  });
  await ports.issueLicences(grants).catch((error: unknown) => {
    deps.log.error({ err: error, contestId: contest.id }, 'could not issue the licences');
  });
}

/** The result rows of the requested places (each entry's entrant from the judged entries). */
const resultRows = (
  contestId: number,
  places: PublishResultsBody['places'],
  entryOf: Map<number, { userId: number }>,
) =>
  places.map((p) => ({
    contestId,
    userId: entryOf.get(p.entry_id)!.userId,
    entryId: p.entry_id,
    place: p.place,
    prizeCents: p.prize_cents,
  }));

/**
 * Staff publish a contest's places and prizes once, and correct them after with a reason (the
 * routes let staff only in); both answer with the results as they then stand (`resultsOf`).
 */
export function createPublication(
  deps: JudgingServiceDeps,
  context: JudgingContext,
  ports: JudgingPorts,
  resultsOf: (contestId: number) => Promise<ContestResults>,
) {
  const { db, clock, requireContest } = context;
  const emails = createJudgingEmails(deps);

  /**
   * The contest's judged entries and the requested places, checked: distinct, of this contest, and
   * each placed entry's judged version approved when the contest asks for approvals (409
   * `approval_missing`, issue 49).
   */
  async function checkPlaces(
    contest: { id: number; approvalsRequired: number; finalRoundId: number | null },
    body: PublishResultsBody,
  ) {
    // Places go to the last round's entries only (issue 47): another round's entry is 400.
    const entries = await findJudgedEntries(db, { roundId: contest.finalRoundId ?? 0 });
    const entryOf = new Map(entries.map((e) => [e.entryId, e]));
    if (
      new Set(body.places.map((p) => p.entry_id)).size !== body.places.length ||
      new Set(body.places.map((p) => p.place)).size !== body.places.length
    )
      throw AppError.validation({ places: [JUDGING_MESSAGES.duplicatePlace] });
    if (body.places.some((p) => !entryOf.has(p.entry_id))) {
      const others = await repo.findJudgedVersions(db, {
        contestId: contest.id,
        entryIds: body.places.map((p) => p.entry_id),
      });
      throw AppError.validation({
        places: [others.length ? ADVANCE_MESSAGES.notFinalRound : JUDGING_MESSAGES.entryNotInContest],
      });
    }
    await assertPlacesApproved(db, contest, body.places, entryOf);
    const places = [...body.places].sort((a, b) => a.place - b.place);
    return { entries, entryOf, places };
  }

  return {
    /**
     * The audited correction of published results (staff): the places are replaced, and each
     * entry's prize on the ledger is brought to its new amount by a correction row (or a new
     * earning) — the ledger is never edited. Entries that lose their place get a correction to 0.
     * An entry placed by the correction gets its licence, from the results' publication.
     */
    async correctResults(
      user: Caller | undefined,
      contestId: number,
      body: CorrectResultsBody,
    ): Promise<ContestResults> {
      assertSignedIn(user);
      const contest = await requireContest(contestId);
      if (!contest.resultsPublishedAt)
        throw new AppError('results_not_published', JUDGING_MESSAGES.resultsNotPublished);
      const { entryOf, places } = await checkPlaces(contest, body);
      await db.transaction(async (tx) => {
        // Two corrections at once would both read the old places and prizes (and collide on them).
        await repo.lockContestResults(tx, contestId);
        const before = await repo.findResults(tx, contestId);
        await repo.deleteResults(tx, contestId);
        const rows = resultRows(contestId, places, entryOf);
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
      await issueLicences(deps, ports, contest, contest.resultsPublishedAt, places, entryOf);
      return resultsOf(contestId);
    },

    /**
     * Publishes the final places and prizes (staff), once: the contest is marked published with a
     * conditional update, so of two publications the second is 409 `results_published`. In the same
     * transaction: the places, one pending earning per prize on the ledger, every entry moved to
     * 'result' (timeline row), the audit row. Then the placed entries' licences are issued, and
     * every entrant is e-mailed a scorecard link.
     */
    async publish(
      user: Caller | undefined,
      contestId: number,
      body: PublishResultsBody,
    ): Promise<ContestResults> {
      assertSignedIn(user);
      const contest = await requireContest(contestId);
      if (contest.resultsPublishedAt)
        throw new AppError('results_published', JUDGING_MESSAGES.resultsPublished);
      const now = clock();
      if (now.getTime() < contest.judgingStartsAt.getTime())
        throw new AppError('conflict', JUDGING_MESSAGES.notJudgedYet);
      const { entries, entryOf, places } = await checkPlaces(contest, body);
      await db.transaction(async (tx) => {
        if (!(await markResultsPublished(tx, contestId, now)))
          throw new AppError('results_published', JUDGING_MESSAGES.resultsPublished);
        const rows = resultRows(contestId, places, entryOf);
        await repo.insertResults(tx, rows);
        await awardPrizes(
          tx,
          rows.map((r) => ({ ...r, amountCents: r.prizeCents, currency: contest.currency })),
          user.id,
        );
        const placeOf = new Map(places.map((p) => [p.entry_id, p.place]));
        for (const e of entries) {
          const place = placeOf.get(e.entryId);
          await moveEntry(tx, e.entryId, 'result', place ? `place ${place}` : '', e.version);
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
      await issueLicences(deps, ports, contest, now, places, entryOf);
      const placeOf = new Map(places.map((p) => [p.entry_id, p.place]));
      for (const e of entries)
        await emails
          .sendResult(e.creatorEmail, contest.title, e.entryId, placeOf.get(e.entryId) ?? null)
          .catch((error: unknown) => {
            deps.log.warn({ err: error, entryId: e.entryId }, 'could not queue the results e-mail');
          });
      return resultsOf(contestId);
    },
  };
}
