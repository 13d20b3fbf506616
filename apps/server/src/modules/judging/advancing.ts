import { ADVANCE_MESSAGES, formatMoney, type AdvanceBody, type AdvanceResponse } from '@app/domain';
import { sendEmailJob } from '../../jobs/send-email.job';
import { AppError } from '../../lib/errors';
import { PRODUCT_NAME, renderEmail } from '../../mail/templates';
import type { Caller } from '../../plugins/auth';
import { namesOf } from '../accounts';
import { applicationStatusOf } from '../applications';
import { recordAudit } from '../audit';
import { contestHasProducts, roundInContest } from '../contests';
import { awardEarning } from '../payouts';
import * as repo from './judging.repository';
import { notFound, type JudgingContext, type JudgingServiceDeps } from './judging-context';

/**
 * Advancing creators from a round into the next (issue 47): after the round closed, staff or the
 * contest's brand owners and managers name the entries that go on. Each creator is recorded as
 * advanced, gets the round's stipend on the ledger (a wildcard entry earns none), is told (inbox,
 * live, e-mail), and the whole is audited — one transaction, then the e-mails.
 */
export function createAdvancing(deps: JudgingServiceDeps, context: JudgingContext) {
  const { db, clock, requireContest, requireJudge } = context;

  async function tellAdvanced(
    advanced: Array<{ userId: number; stipendCents: number; askAddress: boolean }>,
    contest: { id: number; title: string; currency: string },
    nextTitle: string,
  ) {
    const names = await namesOf(
      db,
      advanced.map((a) => a.userId),
    );
    for (const a of advanced) {
      const person = names.get(a.userId);
      if (!person) continue;
      const url = `${deps.config.PUBLIC_URL}/contests/${contest.id}`;
      await deps.queue.send(
        sendEmailJob,
        renderEmail({
          to: person.email,
          subject: `You advanced to "${nextTitle}" of "${contest.title}"`,
          title: 'You advanced to the next round',
          paragraphs: [
            `The judges of "${contest.title}" chose your entry: you are through to the next round, "${nextTitle}".`,
            a.stipendCents > 0
              ? `A stipend of ${formatMoney(a.stipendCents, contest.currency)} is on your earnings, paid like a prize once your payment details are in.`
              : 'Read what the next round asks for on the contest page before it opens.',
            ...(a.askAddress
              ? [
                  'The next round is a film round with a product to film: reply with your shipping address so the brand can send it to you.',
                ]
              : []),
            `The ${PRODUCT_NAME} team`,
          ],
          action: { label: 'See the contest', url },
          topic: { kind: 'round_advanced', url },
        }),
      );
    }
  }

  return {
    /**
     * Advances the round's entries `entry_ids`: 409 before the round closed (`round_not_closed`),
     * from the last round (`no_next_round`) or for an entry already advanced (`already_advanced`);
     * 400 for an entry that is not one of the round's.
     */
    async advance(user: Caller, roundId: number, body: AdvanceBody): Promise<AdvanceResponse> {
      const place = await roundInContest(db, roundId);
      if (!place) throw notFound();
      const contest = await requireContest(place.round.contestId);
      // Staff and the contest's brand (its owners and managers: the route's `roundAdvancers`).
      await requireJudge(user, contest);
      const { round, next } = place;
      if (!next) throw new AppError('no_next_round', ADVANCE_MESSAGES.noNextRound);
      if (clock() <= round.closesAt) throw new AppError('round_not_closed', ADVANCE_MESSAGES.roundNotClosed);
      const found = new Map(
        (await repo.findJudgedVersions(db, { roundId, entryIds: body.entry_ids })).map((e) => [e.entryId, e]),
      );
      if (found.size !== body.entry_ids.length)
        throw AppError.validation({ entry_ids: [ADVANCE_MESSAGES.entryNotInRound] });
      // In the order sent (the ranking's, as the dialog lists them).
      const entries = body.entry_ids.map((id) => found.get(id)!);
      if ((await repo.findAdvancementsOfEntries(db, body.entry_ids)).length)
        throw new AppError('already_advanced', ADVANCE_MESSAGES.alreadyAdvanced);
      const shipsProduct = next.kind === 'film' && (await contestHasProducts(db, contest.id));
      const result = await db.transaction(async (tx) => {
        const advanced: AdvanceResponse['advanced'] = [];
        const stipends: AdvanceResponse['stipends'] = [];
        for (const entry of entries) {
          // A wildcard entry earns no stipend (issue 47).
          const amountCents = entry.wildcard ? 0 : round.stipendCents;
          const earning = await awardEarning(
            tx,
            'stipend',
            {
              userId: entry.userId,
              contestId: contest.id,
              entryId: entry.entryId,
              amountCents,
              currency: contest.currency,
            },
            user.id,
          );
          const first = await repo.insertAdvancement(tx, {
            roundId,
            entryId: entry.entryId,
            userId: entry.userId,
            earningId: earning?.id ?? null,
            createdBy: user.id,
          });
          if (!first) throw new AppError('already_advanced', ADVANCE_MESSAGES.alreadyAdvanced);
          advanced.push({ entry_id: entry.entryId, creator_id: entry.userId });
          if (earning) stipends.push({ earning_id: earning.id, amount_cents: amountCents });
        }
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'round.advance',
          targetType: 'round',
          targetId: roundId,
          before: null,
          after: { contest_id: contest.id, next_round_id: next.id, advanced, stipends },
        });
        return { advanced, stipends };
      });
      const told = await Promise.all(
        entries.map(async (entry) => ({
          userId: entry.userId,
          stipendCents: entry.wildcard ? 0 : round.stipendCents,
          // Creators not selected have given no address: they are asked for it (docs/spec-decisions.md).
          askAddress:
            shipsProduct && (await applicationStatusOf(db, contest.id, entry.userId)) !== 'selected',
        })),
      );
      await tellAdvanced(told, contest, next.title);
      return result;
    },
  };
}
