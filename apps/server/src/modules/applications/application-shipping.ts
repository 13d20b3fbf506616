import {
  SHIPPING_CSV_HEADER,
  CONTEST_ADMIN_MESSAGES,
  type ContestResponse,
  type ManagedApplication,
  type ShipmentBody,
} from '@app/domain';
import { toCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { withApplicants } from './applicants';
import { shipmentEmail } from './applications.emails';
import { addressLine, toAddress } from './applications.presenter';
import * as repo from './applications.repository';
import type { SelectionContext } from './selection-context';
import type { Caller } from '../../plugins/auth';

/** Shipping the product to selected creators: the shipping list, the shipment and its delivery. */
export function applicationShipping({
  db,
  clock,
  contests,
  managedApplication,
  present,
  mail,
}: SelectionContext) {
  return {
    /** Marks a selected creator's product shipped with its carrier and tracking number; e-mails them. */
    async ship(id: number, user: Caller, body: ShipmentBody): Promise<ManagedApplication> {
      const { row, contest } = await managedApplication(id, user);
      await db.transaction(async (tx) => {
        const moved = await repo.transition(
          tx,
          id,
          { status: 'selected', notShipped: true },
          { shippingCarrier: body.carrier, trackingNumber: body.tracking_number, shippedAt: clock() },
        );
        if (!moved) {
          throw new AppError(
            'conflict',
            row.shippedAt ? CONTEST_ADMIN_MESSAGES.alreadyShipped : CONTEST_ADMIN_MESSAGES.notSelected,
          );
        }
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'application.ship',
          targetType: 'application',
          targetId: id,
          before: { shipping_carrier: row.shippingCarrier, tracking_number: row.trackingNumber },
          after: { shipping_carrier: body.carrier, tracking_number: body.tracking_number },
        });
      });
      await mail(
        shipmentEmail({
          to: row.creatorEmail,
          fullName: row.fullName,
          contest,
          productName: row.product.name,
          carrier: body.carrier,
          trackingNumber: body.tracking_number,
        }),
        id,
      );
      return present(id, user);
    },

    /** Marks a shipped product delivered. */
    async deliver(id: number, user: Caller): Promise<ManagedApplication> {
      const { row } = await managedApplication(id, user);
      const deliveredAt = clock();
      await db.transaction(async (tx) => {
        const moved = await repo.transition(
          tx,
          id,
          { status: 'selected', shipped: true, notDelivered: true },
          { deliveredAt },
        );
        if (!moved) {
          throw new AppError(
            'conflict',
            row.deliveredAt ? CONTEST_ADMIN_MESSAGES.alreadyDelivered : CONTEST_ADMIN_MESSAGES.notShipped,
          );
        }
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'application.deliver',
          targetType: 'application',
          targetId: id,
          before: { delivered_at: null },
          after: { delivered_at: deliveredAt.toISOString() },
        });
      });
      return present(id, user);
    },

    /** The selected creators' shipping list: name, e-mail, phone, full address, product. */
    async shippingCsv(ref: string, user: Caller): Promise<{ contest: ContestResponse; csv: string }> {
      const { contest } = await contests.managedContest(ref, user);
      const rows = await withApplicants(db, await repo.listSelected(db, contest.id));
      const csv = toCsv(
        SHIPPING_CSV_HEADER,
        rows.map((row) => [
          row.fullName,
          row.email,
          row.phoneNumber,
          addressLine(toAddress(row.shippingAddress)),
          `${row.product.code} ${row.product.name}`.trim(),
        ]),
      );
      return { contest, csv };
    },
  };
}
