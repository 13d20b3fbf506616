import {
  PAPERWORK_MESSAGES,
  centsToAmount,
  PAYOUT_MESSAGES,
  type CorrectionBody,
  type CreatorEarnings,
  type Earning,
  type EarningKind,
  type LedgerRow,
  type PaperworkMissing,
  type PayoutList,
  type PayoutListQuery,
  type RecordPayoutBody,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { toCsv } from '../../lib/csv';
import { recordAudit } from '../audit';
import * as repo from './payouts.repository';
import { toEarning, toLedgerRow, toPayoutList } from './payouts.presenter';

export type PayoutsServiceDeps = Pick<AppDeps, 'database'>;

/**
 * What the payouts list asks the modules that own the data: creators' names (accounts), contests'
 * titles (contests), and moving a paid entry's timeline (entries). Those modules sit above payouts
 * (creators shows the balance), so the module wiring passes these in (modules/index.ts).
 */
export interface PayoutsPorts {
  namesOf(
    db: DbOrTx,
    userIds: number[],
  ): Promise<Map<number, { firstName: string; lastName: string; email: string }>>;
  contestTitlesOf(db: DbOrTx, contestIds: number[]): Promise<Map<number, string>>;
  moveEntry(tx: DbOrTx, entryId: number, step: 'paid', detail: string): Promise<void>;
  /** What the prize payout of an entry still waits for (paperwork/paperwork-reads.ts). */
  missingPaperwork(db: DbOrTx, prize: { entryId: number; userId: number }): Promise<PaperworkMissing[]>;
}

const earningUnknown = () => new AppError('not_found', PAYOUT_MESSAGES.earningUnknown);
const alreadyPaid = () => new AppError('already_paid', PAYOUT_MESSAGES.alreadyPaid);

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Earnings with their creators' names (accounts) and contests' titles (contests), asked once per list. */
async function withNames(
  db: DbOrTx,
  { namesOf, contestTitlesOf }: PayoutsPorts,
  rows: repo.LedgerEarningRow[],
): Promise<repo.EarningRow[]> {
  const [names, titles] = await Promise.all([
    namesOf(
      db,
      rows.map((r) => r.userId),
    ),
    contestTitlesOf(
      db,
      rows.flatMap((r) => (r.contestId === null ? [] : [r.contestId])),
    ),
  ]);
  return rows.map((row) => {
    const name = names.get(row.userId);
    return {
      ...row,
      creatorFirstName: name?.firstName ?? '',
      creatorLastName: name?.lastName ?? '',
      creatorEmail: name?.email ?? '',
      contestTitle: row.contestId === null ? null : (titles.get(row.contestId) ?? null),
    };
  });
}

/** A prize to put on the ledger as a pending earning. */
export interface PrizeAward {
  userId: number;
  contestId: number;
  entryId: number;
  amountCents: number;
  currency: string;
}

/**
 * Adds one pending earning per prize (amount > 0) to the ledger, inside the caller's transaction
 * (publishing results). An entry's prize is on the ledger once (unique index).
 */
export async function awardPrizes(tx: DbOrTx, prizes: PrizeAward[], createdBy: number | null) {
  const rows = await repo.insertLedgerRows(
    tx,
    prizes
      .filter((p) => p.amountCents > 0)
      .map((p) => ({
        kind: 'prize_awarded' as const,
        userId: p.userId,
        contestId: p.contestId,
        entryId: p.entryId,
        earningId: null,
        amountCents: p.amountCents,
        currency: p.currency,
        createdBy,
      })),
  );
  return rows.map(toLedgerRow);
}

/**
 * Puts an earning other than a published prize on the ledger as pending, inside the caller's
 * transaction: the fee of a licence extension the creator accepted (issue 51) or a contest's
 * audience prize (issue 50). Each is paid like a prize, behind the same paperwork gate
 * (`recordPayout`). Nothing is written, and null returned, when the amount is 0.
 */
export async function awardEarning(
  tx: DbOrTx,
  kind: Exclude<EarningKind, 'prize_awarded'>,
  earning: PrizeAward,
  createdBy: number | null,
): Promise<LedgerRow | null> {
  if (earning.amountCents <= 0) return null;
  const [row] = await repo.insertLedgerRows(tx, [{ kind, ...earning, earningId: null, createdBy }]);
  return toLedgerRow(row!);
}

/**
 * Brings an entry's prize on the ledger to `amountCents` inside the caller's transaction (a
 * correction of published results): a correction row with the difference on its earning, or a new
 * earning when it had none. Nothing is written when the amount is unchanged.
 */
export async function correctPrize(
  tx: DbOrTx,
  prize: PrizeAward,
  reason: string,
  createdBy: number,
): Promise<void> {
  const [earning] = await repo.findEarningOfEntry(tx, prize.entryId);
  if (!earning) {
    await awardPrizes(tx, [prize], createdBy);
    return;
  }
  const difference = prize.amountCents - Number(earning.amountCents);
  if (difference === 0) return;
  await repo.insertLedgerRows(tx, [
    {
      kind: 'correction',
      userId: earning.userId,
      contestId: earning.contestId,
      entryId: prize.entryId,
      earningId: earning.earningId,
      amountCents: difference,
      currency: earning.currency,
      reference: reason,
      createdBy,
    },
  ]);
}

/**
 * A creator's Earnings Overview, computed from the ledger: total earned (prizes and corrections),
 * earned in the last RECENT_EARNINGS_DAYS, and pending (earned minus paid). Amounts are in the
 * creator's currency (USD when they have none yet; the first currency if they have several).
 */
export async function creatorBalance(db: DbOrTx, userId: number): Promise<CreatorEarnings> {
  const rows = await repo.sumBalances(db, userId);
  const row = rows.find((r) => r.currency === 'USD') ?? rows[0];
  if (!row)
    return { total_earnings: '0.00', recent_earnings: '0.00', pending_payments: '0.00', currency: 'USD' };
  const earned = BigInt(row.earned);
  return {
    total_earnings: centsToAmount(earned),
    recent_earnings: centsToAmount(BigInt(row.recent)),
    pending_payments: centsToAmount(earned - BigInt(row.paid)),
    currency: row.currency,
  };
}

/** Payouts (staff): pending earnings per creator, recording payouts, corrections, the CSV. */
export function createPayoutsService(deps: PayoutsServiceDeps, ports: PayoutsPorts) {
  const db = deps.database.db;

  async function list(query: PayoutListQuery): Promise<PayoutList> {
    return toPayoutList(
      query.status,
      await withNames(db, ports, await repo.findEarnings(db, { status: query.status })),
    );
  }

  return {
    list,

    /**
     * Records that an earning was paid (its whole amount after corrections). One payout per
     * earning: the unique index refuses a second one even when two requests race, and the loser
     * gets 409 `already_paid`. The entry's timeline reaches 'paid'; the payout is audited.
     */
    async recordPayout(actorId: number, body: RecordPayoutBody): Promise<LedgerRow> {
      try {
        return await db.transaction(async (tx) => {
          const [earning] = await repo.findEarnings(tx, { earningId: body.earning_id });
          if (!earning) throw earningUnknown();
          if (earning.paidAt) throw alreadyPaid();
          // A prize, or a licence extension's fee, is paid once the winner's paperwork is complete
          // (issues 31, 51): what is missing is named, so staff can ask for it.
          if (earning.entryId) {
            const missing = await ports.missingPaperwork(tx, {
              entryId: earning.entryId,
              userId: earning.userId,
            });
            if (missing.length)
              throw new AppError('paperwork_incomplete', PAPERWORK_MESSAGES.incomplete, {}, {}, { missing });
          }
          const [row] = await repo.insertLedgerRows(tx, [
            {
              kind: 'payout_recorded',
              userId: earning.userId,
              contestId: earning.contestId,
              entryId: earning.entryId,
              earningId: earning.earningId,
              amountCents: Math.max(0, Number(earning.amountCents)),
              currency: earning.currency,
              method: body.method,
              reference: body.reference,
              createdBy: actorId,
            },
          ]);
          // The entry's timeline reaches 'paid' with its prize (an extension's fee is not a step).
          if (earning.entryId && earning.kind === 'prize_awarded')
            await ports.moveEntry(tx, earning.entryId, 'paid', `${body.method} ${body.reference}`);
          await recordAudit(tx, {
            actor: { userId: actorId },
            action: 'payout.record',
            targetType: 'earning',
            targetId: earning.earningId,
            before: { status: 'pending', amount_cents: Number(earning.amountCents) },
            after: { status: 'paid', method: body.method, reference: body.reference, payout_id: row!.id },
          });
          return toLedgerRow(row!);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyPaid();
        throw error;
      }
    },

    /** A correction: a signed amount added to an earning, with its reason; audited. */
    async correct(actorId: number, body: CorrectionBody): Promise<LedgerRow> {
      return db.transaction(async (tx) => {
        const [earning] = await repo.findEarnings(tx, { earningId: body.earning_id });
        if (!earning) throw earningUnknown();
        const [row] = await repo.insertLedgerRows(tx, [
          {
            kind: 'correction',
            userId: earning.userId,
            contestId: earning.contestId,
            entryId: earning.entryId,
            earningId: earning.earningId,
            amountCents: body.amount_cents,
            currency: earning.currency,
            reference: body.reason,
            createdBy: actorId,
          },
        ]);
        await recordAudit(tx, {
          actor: { userId: actorId },
          action: 'ledger.correct',
          targetType: 'earning',
          targetId: earning.earningId,
          before: { amount_cents: Number(earning.amountCents) },
          after: { amount_cents: Number(earning.amountCents) + body.amount_cents, reason: body.reason },
        });
        return toLedgerRow(row!);
      });
    },

    /** The creator's own earnings, newest first (the dashboard). */
    async creatorEarnings(userId: number): Promise<Earning[]> {
      return (await withNames(db, ports, await repo.findEarnings(db, { userId }))).map(toEarning).reverse();
    },

    /** The list as CSV (formula-safe), one row per earning. */
    async exportCsv(query: PayoutListQuery): Promise<string> {
      const { earnings } = await list(query);
      return toCsv(
        [
          'earning_id',
          'creator',
          'email',
          'contest',
          'entry_id',
          'amount',
          'currency',
          'awarded_at',
          'status',
          'paid_at',
          'method',
          'reference',
        ],
        earnings.map((e) => [
          e.earning_id,
          e.creator_name,
          e.creator_email,
          e.contest_title,
          e.entry_id,
          // The spreadsheet's amount column: '5000.00' (the JSON API gives amount_cents).
          centsToAmount(e.amount_cents),
          e.currency,
          e.awarded_at,
          e.status,
          e.paid_at,
          e.method,
          e.reference,
        ]),
      );
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
