import {
  AUDIENCE_LIMITS,
  AUDIENCE_MESSAGES,
  VOTES_CSV_HEADER,
  audienceStatus,
  toCsv,
  type Audience,
  type AudienceSetupBody,
  type AudienceTally,
  type CastVote,
  type ReleaseVotesBody,
  type VoidVotesBody,
  type VoteCluster,
  type VoteFlag,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { voterFactsOf } from '../accounts';
import { recordAudit } from '../audit';
import { judgingContestOf } from '../contests';
import { judgedEntryCardsOf } from '../judging';
import { assertCanRunAward, canSeeAward, canSeeTally } from './audience.policy';
import * as repo from './audience.repository';
import { isDisposableEmail, voteKeysOf } from './vote-keys';

export type AudienceServiceDeps = Pick<AppDeps, 'database' | 'config' | 'storage'>;

const notSetUp = () => new AppError('not_found', AUDIENCE_MESSAGES.notSetUp);
const CLUSTERS_PER_KIND = 20;

/**
 * The audience award (issue 50): set-up, the public gallery, votes with their fraud signals, the
 * tally, staff's voiding and releasing, the CSV. The votes are this module's; the finalists' films
 * are asked of judging, the contest of contests, the voter of accounts.
 */
export function createAudienceService(deps: AudienceServiceDeps, clock: () => Date = () => new Date()) {
  const { db } = deps.database;
  const mediaUrl = (key: string) => deps.storage.url(key);

  async function requireContest(contestId: number) {
    const contest = await judgingContestOf(db, contestId);
    if (!contest) throw notSetUp();
    return contest;
  }

  /** The contest and its award as `caller` may see them: 404 when there is none (or a draft's). */
  async function requireAward(caller: Caller | undefined, contestId: number) {
    const contest = await requireContest(contestId);
    const award = await repo.findAward(db, contestId);
    if (!award || !canSeeAward(caller, contest)) throw notSetUp();
    return { contest, award, status: audienceStatus(award, clock()) };
  }

  /** The votes a cast vote is flagged for, and whether they hold it as suspect. */
  async function signalsOf(
    contestId: number,
    keys: { addressKey: string; networkKey: string },
    voter: { createdAt: Date; email: string },
    opensAt: Date,
  ): Promise<VoteFlag[]> {
    const since = new Date(clock().getTime() - AUDIENCE_LIMITS.rateWindowMinutes * 60_000);
    const [fromAddress, fromNetwork] = await Promise.all([
      repo.votesFrom(db, contestId, { addressKey: keys.addressKey }, since),
      repo.votesFrom(db, contestId, { networkKey: keys.networkKey }, since),
    ]);
    const flags: VoteFlag[] = [];
    if (fromAddress >= AUDIENCE_LIMITS.perAddressVotes) flags.push('address_rate');
    if (fromNetwork >= AUDIENCE_LIMITS.perNetworkVotes) flags.push('network_rate');
    if (voter.createdAt >= opensAt) flags.push('new_account');
    if (isDisposableEmail(voter.email)) flags.push('disposable_email');
    return flags;
  }

  return {
    /**
     * Staff or the contest's brand set up (or change) the award. The finalists must be entries of
     * the contest with a version; once voting has opened, the finalists and the votes per voter
     * stay as they are (409 `voting_started`), the window and prize may still move. Audited.
     */
    async setup(caller: Caller, contestId: number, body: AudienceSetupBody): Promise<Audience> {
      const contest = await requireContest(contestId);
      assertCanRunAward(caller, contest);
      const cards = await judgedEntryCardsOf(db, body.finalist_entry_ids, mediaUrl);
      const foreign = body.finalist_entry_ids.filter((id) => cards.get(id)?.contestId !== contestId);
      if (foreign.length)
        throw new AppError('validation', AUDIENCE_MESSAGES.notAnEntry, {
          finalist_entry_ids: [AUDIENCE_MESSAGES.notAnEntry],
        });
      const before = await repo.findAward(db, contestId);
      const now = clock();
      if (before && now >= before.opensAt) {
        const same =
          before.votesPerVoter === body.votes_per_voter &&
          before.finalistIds.join() === body.finalist_entry_ids.join();
        if (!same) throw new AppError('voting_started', AUDIENCE_MESSAGES.votingStarted);
      }
      const setup = {
        opensAt: new Date(body.voting_opens_at),
        closesAt: new Date(body.voting_closes_at),
        prizeCents: body.prize_cents,
        votesPerVoter: body.votes_per_voter,
        finalistIds: body.finalist_entry_ids,
      };
      await db.transaction(async (tx) => {
        await repo.saveAward(tx, contestId, setup, now);
        await recordAudit(tx, {
          actor: { userId: caller.id },
          action: 'audience.setup',
          targetType: 'contest',
          targetId: String(contestId),
          before: before ? presentSetup(before) : null,
          after: presentSetup(setup),
        });
      });
      return this.read(caller, contestId);
    },

    /** The gallery (public for a published contest): the finalists, and the caller's own votes. */
    async read(caller: Caller | undefined, contestId: number): Promise<Audience> {
      const { contest, award, status } = await requireAward(caller, contestId);
      const [cards, mine] = await Promise.all([
        judgedEntryCardsOf(db, award.finalistIds, mediaUrl),
        caller ? repo.votedEntries(db, contestId, caller.id) : Promise.resolve([]),
      ]);
      return {
        contest_id: contestId,
        status,
        opens_at: award.opensAt.toISOString(),
        closes_at: award.closesAt.toISOString(),
        prize_cents: award.prizeCents,
        currency: contest.currency,
        votes_per_voter: award.votesPerVoter,
        finalists: award.finalistIds.flatMap((id) => {
          const card = cards.get(id);
          return card
            ? [
                {
                  entry_id: id,
                  title: card.title,
                  creator_name: card.creatorName,
                  poster_url: card.video.poster_url,
                  playback: card.video.playback,
                },
              ]
            : [];
        }),
        my_votes: mine,
        winner_entry_id: award.awardedAt ? award.winnerEntryId : null,
      };
    },

    /**
     * A signed-in, verified account votes for a finalist while voting is open: once per entry
     * (final), at most the award's votes per voter. A vote from an address or network that votes
     * fast is held as `suspect` until staff release it; new accounts and throwaway mailboxes are
     * flagged for staff.
     */
    async vote(caller: Caller, contestId: number, entryId: number, address: string): Promise<CastVote> {
      const voter = await voterFactsOf(db, caller.id);
      if (!voter?.verified) throw new AppError('unverified', AUDIENCE_MESSAGES.unverified);
      const { award, status } = await requireAward(caller, contestId);
      if (status !== 'open') throw new AppError('voting_closed', AUDIENCE_MESSAGES.votingClosed);
      if (!award.finalistIds.includes(entryId))
        throw new AppError('not_a_finalist', AUDIENCE_MESSAGES.notAFinalist);
      const keys = voteKeysOf(deps.config.JWT_SECRET, address);
      const flags = await signalsOf(contestId, keys, voter, award.opensAt);
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
    },

    /** Votes per finalist: staff and the contest's brand at any time, everyone after the close. */
    async tally(caller: Caller | undefined, contestId: number): Promise<AudienceTally> {
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
    },

    /** Where votes bunch up (staff): by network, by minute, by the day the accounts were made. */
    async clusters(caller: Caller, contestId: number): Promise<VoteCluster[]> {
      await requireAward(caller, contestId);
      const kinds = ['network', 'minute', 'signup_day'] as const;
      const groups = await Promise.all(
        kinds.map((kind) => repo.clustersOf(db, contestId, kind, CLUSTERS_PER_KIND)),
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
        })),
      );
    },

    /** Staff void the votes matching every filter given, with a reason: audited; the tally follows. */
    async voidVotes(caller: Caller, contestId: number, body: VoidVotesBody): Promise<{ voided: number }> {
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
    },

    /** Staff count suspect votes after all: audited. */
    async release(caller: Caller, contestId: number, body: ReleaseVotesBody): Promise<{ released: number }> {
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
    },

    /** Every vote as CSV (staff): keys of addresses and networks, never an address. */
    async votesCsv(caller: Caller, contestId: number): Promise<string> {
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
    },
  };
}

/** The set-up as the audit log keeps it. */
function presentSetup(setup: repo.AwardSetup) {
  return {
    voting_opens_at: setup.opensAt.toISOString(),
    voting_closes_at: setup.closesAt.toISOString(),
    prize_cents: setup.prizeCents,
    votes_per_voter: setup.votesPerVoter,
    finalist_entry_ids: setup.finalistIds,
  };
}

export type AudienceService = ReturnType<typeof createAudienceService>;
