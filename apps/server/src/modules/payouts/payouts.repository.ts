import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries } from '../../db/schema/index';
import {
  EARNING_KINDS,
  RECENT_EARNINGS_DAYS,
  type EarningKind,
  type LedgerKind,
  type PayoutMethod,
} from '@app/domain';

/** SQL of the ledger: rows are only ever inserted (the table's trigger refuses anything else). */

export interface NewLedgerRow {
  kind: LedgerKind;
  userId: number;
  contestId: number | null;
  entryId: number | null;
  earningId: number | null;
  amountCents: number;
  currency: string;
  method?: PayoutMethod | null;
  reference?: string;
  createdBy: number | null;
}

const rowColumns = {
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  userId: ledgerEntries.userId,
  contestId: ledgerEntries.contestId,
  entryId: ledgerEntries.entryId,
  earningId: ledgerEntries.earningId,
  amountCents: ledgerEntries.amountCents,
  currency: ledgerEntries.currency,
  method: ledgerEntries.method,
  reference: ledgerEntries.reference,
  createdBy: ledgerEntries.createdBy,
  createdAt: ledgerEntries.createdAt,
};

export async function insertLedgerRows(tx: DbOrTx, rows: NewLedgerRow[]) {
  if (!rows.length) return [];
  return tx
    .insert(ledgerEntries)
    .values(rows.map((r) => ({ ...r, method: r.method ?? null, reference: r.reference ?? '' })))
    .returning(rowColumns);
}
export type LedgerRowRecord = Awaited<ReturnType<typeof insertLedgerRows>>[number];

const payout = alias(ledgerEntries, 'payout');

/**
 * Earnings (prizes and licence extensions' fees) with their amount after corrections and their
 * payout, if any; filtered by status, user, id, entry or kind. The creator's name and the contest's title are their owners' to give
 * (payouts.service `withNames`).
 */
export function findEarnings(
  db: DbOrTx,
  filter: {
    status?: 'pending' | 'paid';
    userId?: number;
    earningId?: number;
    entryId?: number;
    kind?: EarningKind;
  },
) {
  const corrections = sql<string>`coalesce((select sum(c.amount_cents) from ${ledgerEntries} c
    where c.kind = 'correction' and c.earning_id = ${ledgerEntries.id}), 0)`;
  return db
    .select({
      earningId: ledgerEntries.id,
      kind: sql<EarningKind>`${ledgerEntries.kind}`,
      userId: ledgerEntries.userId,
      contestId: ledgerEntries.contestId,
      entryId: ledgerEntries.entryId,
      amountCents: sql<string>`(${ledgerEntries.amountCents} + ${corrections})::text`,
      currency: ledgerEntries.currency,
      awardedAt: ledgerEntries.createdAt,
      paidAt: payout.createdAt,
      method: payout.method,
      reference: payout.reference,
    })
    .from(ledgerEntries)
    .leftJoin(payout, and(eq(payout.earningId, ledgerEntries.id), eq(payout.kind, 'payout_recorded')))
    .where(
      and(
        filter.kind ? eq(ledgerEntries.kind, filter.kind) : inArray(ledgerEntries.kind, [...EARNING_KINDS]),
        filter.status === 'pending' ? sql`${payout.id} is null` : undefined,
        filter.status === 'paid' ? sql`${payout.id} is not null` : undefined,
        filter.userId === undefined ? undefined : eq(ledgerEntries.userId, filter.userId),
        filter.earningId === undefined ? undefined : eq(ledgerEntries.id, filter.earningId),
        filter.entryId === undefined ? undefined : eq(ledgerEntries.entryId, filter.entryId),
      ),
    )
    .orderBy(
      filter.status === 'paid' ? desc(payout.createdAt) : asc(ledgerEntries.createdAt),
      asc(ledgerEntries.id),
    );
}
export type LedgerEarningRow = Awaited<ReturnType<typeof findEarnings>>[number];
/** An earning as listed: with the creator's name and e-mail and the contest's title. */
export type EarningRow = LedgerEarningRow & {
  creatorFirstName: string;
  creatorLastName: string;
  creatorEmail: string;
  contestTitle: string | null;
};

/** The earning of an entry's prize, with its amount after corrections (at most one). */
export function findEarningOfEntry(db: DbOrTx, entryId: number) {
  return findEarnings(db, { entryId, kind: 'prize_awarded' });
}

/**
 * A creator's balances in cents (as text: sums may pass 2^53), per currency: earned (prizes,
 * licence extensions' fees and corrections), paid (payouts), and earned in the last RECENT_EARNINGS_DAYS.
 */
export async function sumBalances(db: DbOrTx, userId: number) {
  const recent = sql`${ledgerEntries.createdAt} >= now() - make_interval(days => ${RECENT_EARNINGS_DAYS})`;
  const earned = sql`${ledgerEntries.kind} in ('prize_awarded', 'licence_extension', 'audience_award', 'stipend', 'correction')`;
  return db
    .select({
      currency: ledgerEntries.currency,
      earned: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${earned}), 0)::text`,
      paid: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'payout_recorded'), 0)::text`,
      recent: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${earned} and ${recent}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .groupBy(ledgerEntries.currency)
    .orderBy(ledgerEntries.currency);
}
