import {
  AUDIENCE_LIMITS,
  VOTES_CSV_HEADER,
  toCsv,
  type ReleaseVotesBody,
  type VoidVotesBody,
  type VoteCluster,
} from '@app/domain';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import type { AudienceContext } from './audience-context';
import * as repo from './audience.repository';

const CLUSTERS_PER_KIND = 20;

/** Staff's tools: where votes bunch up, voiding, releasing, the CSV. */
export function voteReview(context: AudienceContext) {
  const { db, clock, requireAward } = context;

  /**
   * Where votes bunch up (staff): by network, by minute, by the day the accounts were made. A
   * sign-up day names its accounts (bounded), since only they void it.
   */
  async function clusters(caller: Caller, contestId: number): Promise<VoteCluster[]> {
    await requireAward(caller, contestId);
    const kinds = ['network', 'minute', 'signup_day'] as const;
    const groups = await Promise.all(
      kinds.map((kind) =>
        repo.clustersOf(
          db,
          contestId,
          kind,
          CLUSTERS_PER_KIND,
          kind === 'signup_day' ? AUDIENCE_LIMITS.idsMax : 0,
        ),
      ),
    );
    return kinds.flatMap((kind, i) =>
      groups[i]!.map((row) => ({
        kind,
        key: row.key,
        votes: row.votes,
        suspect: row.suspect,
        voided: row.voided,
        accounts: row.accounts,
        first_at: row.firstAt.toISOString(),
        last_at: row.lastAt.toISOString(),
        ...(row.accountIds ? { account_ids: row.accountIds } : {}),
      })),
    );
  }

  /** Staff void the votes matching every filter given, with a reason: audited; the tally follows. */
  async function voidVotes(
    caller: Caller,
    contestId: number,
    body: VoidVotesBody,
  ): Promise<{ voided: number }> {
    await requireAward(caller, contestId);
    const filter = {
      accountIds: body.account_ids,
      networkKey: body.network,
      from: body.from ? new Date(body.from) : undefined,
      to: body.to ? new Date(body.to) : undefined,
    };
    const voided = await db.transaction(async (tx) => {
      const n = await repo.voidVotes(tx, contestId, filter, { reason: body.reason, at: clock() });
      await recordAudit(tx, {
        actor: { userId: caller.id },
        action: 'audience.void',
        targetType: 'contest',
        targetId: String(contestId),
        before: null,
        after: { ...body, voided: n },
      });
      return n;
    });
    return { voided };
  }

  /** Staff count suspect votes after all: audited. */
  async function release(
    caller: Caller,
    contestId: number,
    body: ReleaseVotesBody,
  ): Promise<{ released: number }> {
    await requireAward(caller, contestId);
    const released = await db.transaction(async (tx) => {
      const n = await repo.releaseVotes(tx, contestId, body.vote_ids);
      await recordAudit(tx, {
        actor: { userId: caller.id },
        action: 'audience.release',
        targetType: 'contest',
        targetId: String(contestId),
        before: null,
        after: { vote_ids: body.vote_ids, released: n },
      });
      return n;
    });
    return { released };
  }

  /** Every vote as CSV (staff): keys of addresses and networks, never an address. */
  async function votesCsv(caller: Caller, contestId: number): Promise<string> {
    await requireAward(caller, contestId);
    const votes = await repo.allVotes(db, contestId);
    return toCsv(
      VOTES_CSV_HEADER,
      votes.map((vote) => [
        vote.id,
        vote.entryId,
        vote.voterId,
        vote.status,
        vote.flags.join(' '),
        vote.addressKey,
        vote.networkKey,
        Math.floor((vote.createdAt.getTime() - vote.accountCreatedAt.getTime()) / 3_600_000),
        vote.createdAt.toISOString(),
        vote.voidReason ?? '',
      ]),
    );
  }

  return { clusters, voidVotes, release, votesCsv };
}
