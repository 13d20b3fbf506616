import { type Earning, type LedgerRow, type PayoutList } from '@app/domain';
import type { EarningRow, LedgerRowRecord } from './payouts.repository';

const nameOf = (row: { creatorFirstName: string; creatorLastName: string; creatorEmail: string }) =>
  `${row.creatorFirstName} ${row.creatorLastName}`.trim() || row.creatorEmail;

export function toEarning(row: EarningRow): Earning {
  const cents = Number(row.amountCents);
  return {
    earning_id: row.earningId,
    kind: row.kind,
    user_id: row.userId,
    creator_name: nameOf(row),
    creator_email: row.creatorEmail,
    contest_id: row.contestId,
    contest_title: row.contestTitle,
    entry_id: row.entryId,
    amount_cents: cents,
    currency: row.currency,
    awarded_at: row.awardedAt.toISOString(),
    status: row.paidAt ? 'paid' : 'pending',
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    method: row.method,
    reference: row.paidAt ? row.reference : null,
  };
}

/** Earnings → the list with its sums per creator and currency. */
export function toPayoutList(status: 'pending' | 'paid', rows: EarningRow[]): PayoutList {
  const earnings = rows.map(toEarning);
  const sums = new Map<string, PayoutList['per_creator'][number]>();
  for (const e of earnings) {
    const key = `${e.user_id}:${e.currency}`;
    const sum = sums.get(key) ?? {
      user_id: e.user_id,
      creator_name: e.creator_name,
      creator_email: e.creator_email,
      currency: e.currency,
      amount_cents: 0,
      earnings: 0,
    };
    sum.amount_cents += e.amount_cents;
    sum.earnings += 1;
    sums.set(key, sum);
  }
  const perCreator = [...sums.values()].sort(
    (a, b) => b.amount_cents - a.amount_cents || a.creator_name.localeCompare(b.creator_name),
  );
  return { status, earnings, per_creator: perCreator };
}

export function toLedgerRow(row: LedgerRowRecord): LedgerRow {
  return {
    id: row.id,
    kind: row.kind,
    user_id: row.userId,
    contest_id: row.contestId,
    entry_id: row.entryId,
    earning_id: row.earningId,
    amount_cents: row.amountCents,
    currency: row.currency,
    method: row.method,
    reference: row.reference,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}
