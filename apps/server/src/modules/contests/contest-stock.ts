import { CONTEST_ADMIN_MESSAGES, type ProductStockResponse } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ContestAccess } from './contest-access';
import { assertCanSetStock } from './contests.policy';
import type { ContestsPorts } from './contests.ports';
import * as repo from './contests.repository';
import { recordAudit } from '../audit';
import type { Caller } from '../../plugins/auth';

/**
 * A product's units left, with the row locked (in a transaction: until it ends; outside one: the
 * read waits for applications in flight), then the units its applications hold.
 */
async function lockedStock(db: DbOrTx, productId: number, ports: Pick<ContestsPorts, 'heldUnitsOf'>) {
  const row = (await repo.lockProductStock(db, productId))!;
  return { stockQuantity: row.stockQuantity, reserved: await ports.heldUnitsOf(db, productId) };
}

/** A contest's product stock as its runners read and staff set it. */
export function contestStock({ db, managedRecord }: ContestAccess) {
  return {
    /**
     * Staff set how many units of a product exist in all; the units left become that minus the
     * units held by pending and selected applications, never below them. The product's row is
     * locked meanwhile, so applications and declines in flight are counted exactly.
     */
    async setProductStock(
      ref: string,
      productId: number,
      user: Caller,
      total: number,
      ports: Pick<ContestsPorts, 'heldUnitsOf'>,
    ): Promise<ProductStockResponse> {
      const { actor, row } = await managedRecord(ref, user);
      assertCanSetStock(actor);
      if (!(await repo.isProductOffered(db, row.id, productId))) {
        throw new AppError('not_found', CONTEST_ADMIN_MESSAGES.productUnknown);
      }
      return db.transaction(async (tx) => {
        const stock = await lockedStock(tx, productId, ports);
        if (total < stock.reserved) {
          throw AppError.validation({ total: [CONTEST_ADMIN_MESSAGES.stockBelowReserved] });
        }
        const left = total - stock.reserved;
        await repo.setStock(tx, productId, left);
        await recordAudit(tx, {
          actor: { userId: actor.id },
          action: 'product.stock',
          targetType: 'product',
          targetId: productId,
          before: { stock_quantity: stock.stockQuantity, reserved: stock.reserved },
          after: { stock_quantity: left, reserved: stock.reserved },
        });
        return { product_id: productId, stock_quantity: left, reserved: stock.reserved, total };
      });
    },

    /** Units left, reserved and in all of each of a contest's products (staff and its brand). */
    async productStock(
      ref: string,
      user: Caller,
      ports: Pick<ContestsPorts, 'heldUnitsOf'>,
    ): Promise<ProductStockResponse[]> {
      const { row } = await managedRecord(ref, user);
      const products = await repo.listContestProducts(db, row.id);
      const result: ProductStockResponse[] = [];
      for (const product of products) {
        const stock = await lockedStock(db, product.id, ports);
        result.push({
          product_id: product.id,
          stock_quantity: stock.stockQuantity,
          reserved: stock.reserved,
          total: stock.stockQuantity + stock.reserved,
        });
      }
      return result;
    },
  };
}
