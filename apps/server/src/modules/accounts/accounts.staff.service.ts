import {
  MESSAGES,
  STAFF_LIMITS,
  STAFF_MESSAGES,
  type StaffUser,
  type StaffUserListQuery,
  type StaffUserPage,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { pageWindow, toPage } from '../../lib/paging';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { assertCanDeactivate, mustLeaveAnotherStaff } from './accounts.policy';
import { toStaffUser } from './accounts.presenter';
import * as repo from './accounts.repository';

export type StaffAccountsServiceDeps = Pick<AppDeps, 'database' | 'config'>;

/** The staff console's accounts page: every account, and deactivation. */
export function createStaffAccountsService(deps: StaffAccountsServiceDeps) {
  const db = deps.database.db;
  return {
    /** A page of accounts, newest first, by role and by a part of the e-mail or name. */
    async listUsers(query: StaffUserListQuery, url: URL): Promise<StaffUserPage> {
      const request = { page: query.page, pageSize: STAFF_LIMITS.pageSize, url };
      const { rows, count } = await repo.listUsers(db, {
        role: query.role,
        q: query.q || undefined,
        ...pageWindow(request),
      });
      return toPage(rows.map(toStaffUser), count, request, deps.config.PUBLIC_URL);
    },

    /**
     * Deactivates an account: it can no longer sign in, its refresh tokens are revoked and its
     * access tokens refused from the next request on (its token version is raised). Staff may
     * deactivate staff too, but never themselves (403) nor the last active staff account (409);
     * deactivations of staff take one lock, so two staff deactivating each other at once leave one.
     * Deactivating twice changes nothing the second time. Audited in the same transaction.
     */
    async deactivateUser(actor: Caller, id: number): Promise<StaffUser> {
      assertCanDeactivate(actor, id);
      await db.transaction(async (tx) => {
        const account = await repo.findAccountById(tx, id);
        if (!account) throw new AppError('not_found', MESSAGES.generic.notFound);
        if (mustLeaveAnotherStaff(account)) {
          await repo.lockStaffDeactivations(tx);
          if ((await repo.countActiveStaff(tx, { except: id })) === 0)
            throw new AppError('conflict', STAFF_MESSAGES.lastActiveStaff);
        }
        const ended = await repo.endAllSessions(tx, id, { deactivate: true });
        if (!ended) return;
        await recordAudit(tx, {
          actor: { userId: actor.id },
          action: 'user.deactivate',
          targetType: 'user',
          targetId: id,
          before: { deactivated_at: null },
          after: { deactivated_at: ended.deactivatedAt?.toISOString() ?? null },
        });
      });
      return toStaffUser((await repo.findStaffUser(db, id))!);
    },
  };
}

export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;
