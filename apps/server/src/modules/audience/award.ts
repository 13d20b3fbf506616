import { AUDIENCE_MESSAGES, formatMoney, type AudienceAward } from '@app/domain';
import { sendEmailJob } from '../../jobs/send-email.job';
import { AppError } from '../../lib/errors';
import { PRODUCT_NAME, renderEmail } from '../../mail/templates';
import type { Caller } from '../../plugins/auth';
import { namesOf } from '../accounts';
import { recordAudit } from '../audit';
import { judgedEntryCardsOf, type JudgedEntryCard } from '../judging';
import { awardEarning } from '../payouts';
import type { AudienceContext } from './audience-context';
import * as repo from './audience.repository';

/**
 * The audience winner among the finalists: the most counted votes, a tie to the earlier
 * submission; undefined when nobody's vote counted.
 */
export function audienceWinner(
  tally: Array<{ entryId: number; status: string; n: number }>,
  cards: Map<number, JudgedEntryCard>,
): JudgedEntryCard | undefined {
  const counted = new Map<number, number>();
  for (const row of tally) if (row.status === 'counted') counted.set(row.entryId, row.n);
  return [...cards.values()]
    .filter((card) => (counted.get(card.entryId) ?? 0) > 0)
    .sort(
      (a, b) =>
        counted.get(b.entryId)! - counted.get(a.entryId)! ||
        a.submittedAt.getTime() - b.submittedAt.getTime() ||
        a.entryId - b.entryId,
    )[0];
}

/** Staff confirm the audience award after the close: the winner, its earning, the winner told. */
export function audienceAward(context: AudienceContext) {
  const { deps, db, clock, mediaUrl, requireAward } = context;

  async function tellWinner(
    card: JudgedEntryCard,
    contestTitle: string,
    amountCents: number,
    currency: string,
  ) {
    const winner = (await namesOf(db, [card.creatorId])).get(card.creatorId);
    if (!winner) return;
    const prize = amountCents > 0 ? ` and its prize of ${formatMoney(amountCents, currency)}` : '';
    await deps.queue.send(
      sendEmailJob,
      renderEmail({
        to: winner.email,
        subject: `Your film won the audience award of "${contestTitle}"`,
        title: 'You won the audience award',
        paragraphs: [
          `The audience voted "${card.title}" their favourite film of "${contestTitle}": it wins the audience award${prize}.`,
          amountCents > 0
            ? 'The prize is paid like any other: once your release forms are approved and your payment details are in.'
            : 'Thank you for your film.',
          `The ${PRODUCT_NAME} team`,
        ],
        action: { label: 'See your earnings', url: `${deps.config.PUBLIC_URL}/dashboard` },
        topic: { kind: 'audience_award' },
      }),
    );
  }

  /**
   * After the close, staff confirm the finalist with the most counted votes as the audience
   * winner (once: 409 `already_awarded`; before the close 409 `voting_closed`): a pending earning
   * of kind `audience_award` for the prize, audited, the winner told.
   */
  async function award(caller: Caller, contestId: number): Promise<AudienceAward> {
    const { contest, award: setup, status } = await requireAward(caller, contestId);
    if (status !== 'closed') throw new AppError('voting_closed', AUDIENCE_MESSAGES.beforeClose);
    if (setup.awardedAt) throw new AppError('already_awarded', AUDIENCE_MESSAGES.alreadyAwarded);
    const [tally, cards] = await Promise.all([
      repo.tallyOf(db, contestId),
      judgedEntryCardsOf(db, setup.finalistIds, mediaUrl),
    ]);
    const winner = audienceWinner(tally, cards);
    if (!winner) throw new AppError('conflict', AUDIENCE_MESSAGES.noVotes);
    const prize = {
      userId: winner.creatorId,
      contestId,
      entryId: winner.entryId,
      amountCents: setup.prizeCents,
      currency: contest.currency,
    };
    const earning = await db.transaction(async (tx) => {
      const row = await awardEarning(tx, 'audience_award', prize, caller.id);
      const at = clock();
      const first = await repo.markAwarded(tx, contestId, {
        entryId: winner.entryId,
        earningId: row?.id ?? null,
        at,
      });
      if (!first) throw new AppError('already_awarded', AUDIENCE_MESSAGES.alreadyAwarded);
      await recordAudit(tx, {
        actor: { userId: caller.id },
        action: 'audience.award',
        targetType: 'contest',
        targetId: String(contestId),
        before: null,
        after: { entry_id: winner.entryId, earning_id: row?.id ?? null, amount_cents: setup.prizeCents },
      });
      return row;
    });
    await tellWinner(winner, contest.title, setup.prizeCents, contest.currency);
    return { entry_id: winner.entryId, earning_id: earning?.id ?? null, amount_cents: setup.prizeCents };
  }

  return { award };
}
