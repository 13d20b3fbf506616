import type { Audience, AudienceSetupBody } from '@app/domain';
import { AUDIENCE_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { judgedEntryCardsOf, type JudgedEntryCard } from '../judging';
import type { AudienceContext } from './audience-context';
import { assertCanRunAward } from './audience.policy';
import * as repo from './audience.repository';

type Cards = Map<number, JudgedEntryCard>;

/** The award's set-up by staff or the contest's brand, and its public gallery. */
export function awardSetup(context: AudienceContext) {
  const { db, clock, mediaUrl, requireContest, requireAward } = context;

  /**
   * The gallery (public for a published contest): the finalists, and the caller's own votes.
   * `known` are the finalists' cards when the caller has just read them (the set-up), so they are
   * read once per request.
   */
  async function read(caller: Caller | undefined, contestId: number, known?: Cards): Promise<Audience> {
    const { contest, award, status } = await requireAward(caller, contestId);
    const [cards, mine] = await Promise.all([
      known ?? judgedEntryCardsOf(db, award.finalistIds, mediaUrl),
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
  }

  /**
   * Staff or the contest's brand set up (or change) the award. The finalists must be entries of
   * the contest with a version; once voting has opened, the finalists and the votes per voter
   * stay as they are (409 `voting_started`), the window and prize may still move. Audited.
   */
  async function setup(caller: Caller, contestId: number, body: AudienceSetupBody): Promise<Audience> {
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
    // The saved finalists are the body's, whose cards were read above.
    return read(caller, contestId, cards);
  }

  return { setup, read };
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
