import { CONTEST_ADMIN_MESSAGES, type ManagedApplication } from '@app/domain';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { lockProducts, returnUnits } from '../contests';
import type { ApplicationRow } from './applicants';
import { declineEmail, selectionEmail } from './applications.emails';
import * as repo from './applications.repository';
import type { SelectionContext } from './selection-context';
import type { Caller } from '../../plugins/auth';

/**
 * Deciding an application: selecting or declining a pending one, withdrawing a selected one before
 * it ships (staff: the route says so). A decline or withdrawal gives the unit back in the same
 * transaction; the creator is e-mailed after the commit.
 */
export function applicationDecisions({
  db,
  deps,
  clock,
  managedApplication,
  present,
  mail,
}: SelectionContext) {
  const decisionAudit = (row: ApplicationRow) => ({
    status: row.status,
    product_id: row.productId,
  });

  async function decide(
    id: number,
    user: Caller,
    action: 'select' | 'decline' | 'withdraw',
    note: string,
  ): Promise<ManagedApplication> {
    const { row, contest } = await managedApplication(id, user);
    const from = action === 'withdraw' ? 'selected' : 'pending';
    const to = action === 'select' ? 'selected' : action === 'decline' ? 'declined' : 'withdrawn';
    const now = clock();
    await db.transaction(async (tx) => {
      // The product's row first: applications and stock changes of the product queue behind it.
      if (to !== 'selected') await lockProducts(tx, [row.productId]);
      const moved = await repo.transition(
        tx,
        id,
        { status: from, ...(action === 'withdraw' ? { notShipped: true } : {}) },
        { status: to, decisionNote: note, decidedAt: now, decidedBy: user.id },
      );
      if (!moved) {
        const message =
          action === 'withdraw'
            ? row.shippedAt
              ? CONTEST_ADMIN_MESSAGES.alreadyShipped
              : CONTEST_ADMIN_MESSAGES.notSelected
            : CONTEST_ADMIN_MESSAGES.notPending;
        throw new AppError('conflict', message);
      }
      if (to !== 'selected') await returnUnits(tx, row.productId);
      await recordAudit(tx, {
        actor: { userId: user.id },
        action: `application.${action}`,
        targetType: 'application',
        targetId: id,
        before: decisionAudit(row),
        after: { status: to, product_id: row.productId, note, stock_returned: to !== 'selected' },
      });
    });
    if (action === 'select') {
      await mail(
        selectionEmail({
          to: row.creatorEmail,
          fullName: row.fullName,
          contest,
          productName: row.product.name,
          note,
          contestUrl: `${deps.config.PUBLIC_URL}/contests/${contest.id}`,
        }),
        id,
      );
    } else if (action === 'decline') {
      await mail(declineEmail({ to: row.creatorEmail, fullName: row.fullName, contest, note }), id);
    }
    return present(id, user);
  }

  return {
    select: (id: number, user: Caller, note = '') => decide(id, user, 'select', note),
    decline: (id: number, user: Caller, note = '') => decide(id, user, 'decline', note),
    withdraw: (id: number, user: Caller, note = '') => decide(id, user, 'withdraw', note),
  };
}
