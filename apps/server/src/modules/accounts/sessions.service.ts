import type { AppDeps } from '../../app-deps';
import { verifyPassword } from '../../lib/passwords';
import { throttle } from '../../lib/throttle';
import * as repo from './accounts.repository';

/** What `checkPassword` found: the right password, a wrong one, or an account without a password. */
export type PasswordCheck = 'ok' | 'wrong' | 'no_password';

/**
 * Sessions and passwords for other modules (the creator profile's e-mail change): re-checking the
 * current password before a sensitive change, and ending sessions after it.
 */
export function createSessionsService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;
  return {
    /**
     * Checks `password` against the account's current one. Counted per account (10 per 15 min), so
     * a stolen session cannot be used to guess the password.
     */
    async checkPassword(userId: number, password: string): Promise<PasswordCheck> {
      await throttle(deps.database, { key: `password-check:${userId}`, limit: 10, windowSeconds: 15 * 60 });
      const account = await repo.findAccountById(db, userId);
      if (!account?.passwordHash) return 'no_password';
      return (await verifyPassword(account.passwordHash, password)) ? 'ok' : 'wrong';
    },

    /**
     * Ends every session of the account but `keepSessionId` (the caller's): their refresh tokens are
     * revoked, which also refuses their access tokens at once (see `createAccessCheck`).
     */
    async endOtherSessions(userId: number, keepSessionId: string | undefined): Promise<void> {
      await repo.revokeOtherSessions(db, userId, keepSessionId);
    },

    /** Ends every session of the account, the caller's too (refresh tokens and access tokens). */
    async endAllSessions(userId: number): Promise<void> {
      await repo.endAllSessions(db, userId, { deactivate: false });
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
