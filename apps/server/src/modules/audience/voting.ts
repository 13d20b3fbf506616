import {
  AUDIENCE_LIMITS,
  AUDIENCE_MESSAGES,
  type AudienceTally,
  type CastVote,
  type VoteFlag,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { voterFactsOf } from '../accounts';
import type { AudienceContext } from './audience-context';
import { canSeeTally } from './audience.policy';
import * as repo from './audience.repository';
import { isDisposableEmail, voteKeysOf } from './vote-keys';

/** Votes with their fraud signals, and the tally. */
export function voting(context: AudienceContext) {
  const { deps, db, clock, requireAward } = context;

  /** The flags of a vote: fast votes from its address or network (which hold it), a new account, a throwaway mailbox. */
  function flagsOf(
    recent: { fromAddress: number; fromNetwork: number },
    voter: { createdAt: Date; email: string },
    opensAt: Date,
  ): VoteFlag[] {
    const flags: VoteFlag[] = [];
    if (recent.fromAddress >= AUDIENCE_LIMITS.perAddressVotes) flags.push('address_rate');
    if (recent.fromNetwork >= AUDIENCE_LIMITS.perNetworkVotes) flags.push('network_rate');
    if (voter.createdAt >= opensAt) flags.push('new_account');
    if (isDisposableEmail(voter.email)) flags.push('disposable_email');
    return flags;
  }

  /**
   * A signed-in, verified account votes for a finalist while voting is open: once per entry
   * (final), at most the award's votes per voter. A vote from an address or network that votes
   * fast is held as `suspect` until staff release it; new accounts and throwaway mailboxes are
   * flagged for staff.
   */
  async function vote(
    caller: Caller,
    contestId: number,
    entryId: number,
    address: string,
  ): Promise<CastVote> {
    const keys = voteKeysOf(deps.config.JWT_SECRET, address);
    const since = new Date(clock().getTime() - AUDIENCE_LIMITS.rateWindowMinutes * 60_000);
    // Independent reads, side by side: a vote's answer waits for the slowest, not their sum.
    const [voter, { award, status }, recent] = await Promise.all([
      voterFactsOf(db, caller.id),
      requireAward(caller, contestId),
      repo.votesFrom(db, contestId, keys, since),
    ]);
    if (!voter?.verified) throw new AppError('unverified', AUDIENCE_MESSAGES.unverified);
    if (status !== 'open') throw new AppError('voting_closed', AUDIENCE_MESSAGES.votingClosed);
    if (!award.finalistIds.includes(entryId))
      throw new AppError('not_a_finalist', AUDIENCE_MESSAGES.notAFinalist);
    const flags = flagsOf(recent, voter, award.opensAt);
    const held = flags.includes('address_rate') || flags.includes('network_rate');
    await db.transaction(async (tx) => {
      await repo.lockVoter(tx, contestId, caller.id);
      const cast = await repo.votedEntries(tx, contestId, caller.id);
      if (cast.includes(entryId)) throw new AppError('already_voted', AUDIENCE_MESSAGES.alreadyVoted);
      if (cast.length >= award.votesPerVoter) throw new AppError('vote_limit', AUDIENCE_MESSAGES.voteLimit);
      await repo.insertVote(tx, {
        contestId,
        entryId,
        voterId: caller.id,
        status: held ? 'suspect' : 'counted',
        flags,
        ...keys,
        accountCreatedAt: voter.createdAt,
        createdAt: clock(),
      });
    });
    return { entry_id: entryId, status: held ? 'suspect' : 'counted' };
  }

  /** Votes per finalist: staff and the contest's brand at any time, everyone after the close. */
  async function tally(caller: Caller | undefined, contestId: number): Promise<AudienceTally> {
    const { contest, award, status } = await requireAward(caller, contestId);
    if (!canSeeTally(caller, contest, status === 'closed'))
      throw new AppError('forbidden', AUDIENCE_MESSAGES.tallyHidden);
    const rows = await repo.tallyOf(db, contestId);
    const ids = [...new Set([...award.finalistIds, ...rows.map((row) => row.entryId)])];
    const count = (entryId: number, state: string) =>
      rows.find((row) => row.entryId === entryId && row.status === state)?.n ?? 0;
    return ids.map((entryId) => ({
      entry_id: entryId,
      votes: count(entryId, 'counted'),
      suspect: count(entryId, 'suspect'),
      voided: count(entryId, 'voided'),
    }));
  }

  return { vote, tally };
}
