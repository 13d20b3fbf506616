import { and, asc, count, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { VoteFlag, VoteStatus } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { audienceAwards, audienceFinalists, audienceVotes } from '../../db/schema/index';

/** A contest's audience award with its finalists' entry ids in the gallery's order. */
export async function findAward(db: DbOrTx, contestId: number) {
  const [award] = await db.select().from(audienceAwards).where(eq(audienceAwards.contestId, contestId));
  if (!award) return undefined;
  const finalists = await db
    .select({ entryId: audienceFinalists.entryId })
    .from(audienceFinalists)
    .where(eq(audienceFinalists.contestId, contestId))
    .orderBy(asc(audienceFinalists.position));
  return { ...award, finalistIds: finalists.map((row) => row.entryId) };
}
export type AwardRow = NonNullable<Awaited<ReturnType<typeof findAward>>>;

export interface AwardSetup {
  opensAt: Date;
  closesAt: Date;
  prizeCents: number;
  votesPerVoter: number;
  finalistIds: number[];
}

/** Creates or replaces the award's set-up and its finalists (in one transaction: `tx`). */
export async function saveAward(tx: DbOrTx, contestId: number, setup: AwardSetup, at: Date): Promise<void> {
  const values = {
    opensAt: setup.opensAt,
    closesAt: setup.closesAt,
    prizeCents: setup.prizeCents,
    votesPerVoter: setup.votesPerVoter,
    updatedAt: at,
  };
  await tx
    .insert(audienceAwards)
    .values({ contestId, ...values })
    .onConflictDoUpdate({ target: audienceAwards.contestId, set: values });
  await tx.delete(audienceFinalists).where(eq(audienceFinalists.contestId, contestId));
  await tx
    .insert(audienceFinalists)
    .values(setup.finalistIds.map((entryId, position) => ({ contestId, entryId, position })));
}

/**
 * Serialises one voter's votes in a contest until the transaction ends, so two votes sent at once
 * cannot both pass the limit (a transaction-scoped advisory lock on the pair).
 */
export async function lockVoter(tx: DbOrTx, contestId: number, voterId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${contestId}::int, ${voterId}::int)`);
}

/** The entries an account voted for in a contest (every status: a voided vote is still cast). */
export async function votedEntries(db: DbOrTx, contestId: number, voterId: number): Promise<number[]> {
  const rows = await db
    .select({ entryId: audienceVotes.entryId })
    .from(audienceVotes)
    .where(and(eq(audienceVotes.contestId, contestId), eq(audienceVotes.voterId, voterId)))
    .orderBy(asc(audienceVotes.id));
  return rows.map((row) => row.entryId);
}

/** Votes in a contest since `since` from one address and from its network, in one read. */
export async function votesFrom(
  db: DbOrTx,
  contestId: number,
  keys: { addressKey: string; networkKey: string },
  since: Date,
): Promise<{ fromAddress: number; fromNetwork: number }> {
  const byAddress = eq(audienceVotes.addressKey, keys.addressKey);
  const byNetwork = eq(audienceVotes.networkKey, keys.networkKey);
  const [row] = await db
    .select({
      fromAddress: sql<number>`count(*) filter (where ${byAddress})`.mapWith(Number),
      fromNetwork: sql<number>`count(*) filter (where ${byNetwork})`.mapWith(Number),
    })
    .from(audienceVotes)
    .where(
      and(
        eq(audienceVotes.contestId, contestId),
        gte(audienceVotes.createdAt, since),
        or(byAddress, byNetwork),
      ),
    );
  return row ?? { fromAddress: 0, fromNetwork: 0 };
}

export interface NewVote {
  contestId: number;
  entryId: number;
  voterId: number;
  status: VoteStatus;
  flags: VoteFlag[];
  addressKey: string;
  networkKey: string;
  accountCreatedAt: Date;
  createdAt: Date;
}

export async function insertVote(tx: DbOrTx, vote: NewVote): Promise<void> {
  await tx.insert(audienceVotes).values(vote);
}

/** Counted, suspect and voided votes per entry. */
export async function tallyOf(db: DbOrTx, contestId: number) {
  return db
    .select({ entryId: audienceVotes.entryId, status: audienceVotes.status, n: count() })
    .from(audienceVotes)
    .where(eq(audienceVotes.contestId, contestId))
    .groupBy(audienceVotes.entryId, audienceVotes.status);
}

/** The clusters' groupings: a network key, the minute a vote was cast, the day its account was made. */
const CLUSTER_KEYS = {
  network: sql<string>`${audienceVotes.networkKey}`,
  minute: sql<string>`to_char(date_trunc('minute', ${audienceVotes.createdAt} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI"Z"')`,
  signup_day: sql<string>`to_char(${audienceVotes.accountCreatedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
} as const;
export type ClusterKind = keyof typeof CLUSTER_KEYS;

/**
 * The `limit` largest groups of votes of one kind (those of more than one vote), largest first;
 * with `accountsMax`, each group's accounts that still have a vote not voided (lowest ids first, at
 * most that many; empty when every vote is voided).
 */
export async function clustersOf(
  db: DbOrTx,
  contestId: number,
  kind: ClusterKind,
  limit: number,
  accountsMax = 0,
) {
  const key = CLUSTER_KEYS[kind];
  const voter = audienceVotes.voterId;
  const accountIds = accountsMax
    ? sql<
        number[] | null
      >`(array_agg(distinct ${voter} order by ${voter}) filter (where ${audienceVotes.status} <> 'voided'))[1:${accountsMax}::int]`
    : sql<null>`null`;
  const rows = await db
    .select({
      key,
      votes: count(),
      suspect: sql<number>`count(*) filter (where ${audienceVotes.status} = 'suspect')`.mapWith(Number),
      voided: sql<number>`count(*) filter (where ${audienceVotes.status} = 'voided')`.mapWith(Number),
      accounts: sql<number>`count(distinct ${audienceVotes.voterId})`.mapWith(Number),
      firstAt: sql<Date>`min(${audienceVotes.createdAt})`.mapWith(audienceVotes.createdAt),
      lastAt: sql<Date>`max(${audienceVotes.createdAt})`.mapWith(audienceVotes.createdAt),
      accountIds,
    })
    .from(audienceVotes)
    .where(eq(audienceVotes.contestId, contestId))
    .groupBy(key)
    .having(sql`count(*) > 1`)
    .orderBy(sql`count(*) desc`, key)
    .limit(limit);
  return rows.map((row) => ({ ...row, accountIds: accountsMax ? (row.accountIds ?? []).map(Number) : null }));
}

export interface VoteFilter {
  accountIds?: number[];
  networkKey?: string;
  from?: Date;
  to?: Date;
}

/** Voids every vote of the contest matching all the filters given (not those already voided). */
export async function voidVotes(
  tx: DbOrTx,
  contestId: number,
  filter: VoteFilter,
  void_: { reason: string; at: Date },
): Promise<number> {
  const where: SQL[] = [eq(audienceVotes.contestId, contestId), ne(audienceVotes.status, 'voided')];
  if (filter.accountIds) where.push(inArray(audienceVotes.voterId, filter.accountIds));
  if (filter.networkKey) where.push(eq(audienceVotes.networkKey, filter.networkKey));
  if (filter.from) where.push(gte(audienceVotes.createdAt, filter.from));
  if (filter.to) where.push(lte(audienceVotes.createdAt, filter.to));
  const rows = await tx
    .update(audienceVotes)
    .set({ status: 'voided', voidReason: void_.reason, voidedAt: void_.at })
    .where(and(...where))
    .returning({ id: audienceVotes.id });
  return rows.length;
}

/** Counts these suspect votes of the contest; the number released. */
export async function releaseVotes(tx: DbOrTx, contestId: number, voteIds: number[]): Promise<number> {
  const rows = await tx
    .update(audienceVotes)
    .set({ status: 'counted' })
    .where(
      and(
        eq(audienceVotes.contestId, contestId),
        inArray(audienceVotes.id, voteIds),
        eq(audienceVotes.status, 'suspect'),
      ),
    )
    .returning({ id: audienceVotes.id });
  return rows.length;
}

/** Every vote of the contest, oldest first (the staff CSV). */
export async function allVotes(db: DbOrTx, contestId: number) {
  return db
    .select()
    .from(audienceVotes)
    .where(eq(audienceVotes.contestId, contestId))
    .orderBy(asc(audienceVotes.id));
}

/** Records the confirmed winner and its earning, only once: false when it was already awarded. */
export async function markAwarded(
  tx: DbOrTx,
  contestId: number,
  award: { entryId: number; earningId: number | null; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(audienceAwards)
    .set({ winnerEntryId: award.entryId, earningId: award.earningId, awardedAt: award.at })
    .where(and(eq(audienceAwards.contestId, contestId), sql`${audienceAwards.awardedAt} is null`))
    .returning({ contestId: audienceAwards.contestId });
  return rows.length > 0;
}
