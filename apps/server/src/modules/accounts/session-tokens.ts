import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES, type DetailResponse, type TokenPair } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import * as repo from './accounts.repository';
import type { AccountRow } from './accounts.repository';
import { createRefreshTokenCodec } from './refresh-tokens';

/**
 * Refresh tokens rotate, and a used one presented again ends its session (theft detection), except
 * within this many seconds of its use while its successor is still unused: then the answer to that
 * exchange was lost (the page was left or reloaded mid-request, or two tabs renewed with the same
 * cookie at once), and the client gets that successor again. The reuse window of Auth0 and the
 * grace period of Okta are the same idea (docs/spec-decisions.md).
 */
export const REFRESH_RETRY_GRACE_SECONDS = 30;

/**
 * Sessions as refresh-token families: a sign-in starts one, each refresh rotates its token, a
 * logout (or a reused token) ends it.
 */
export function createSessionTokens(deps: Pick<AppDeps, 'config' | 'database' | 'log' | 'tokens'>) {
  const { config, log, tokens } = deps;
  const db = deps.database.db;
  const refreshCodec = createRefreshTokenCodec(config.JWT_SECRET);

  return {
    /** A new refresh-token family (a new session) and its first tokens. */
    async issue(account: AccountRow, familyId: string = randomUUID()): Promise<TokenPair> {
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + config.REFRESH_TOKEN_TTL * 1000);
      await repo.insertRefreshToken(db, { id, userId: account.id, familyId, expiresAt });
      return {
        access: await tokens.sign({
          id: account.id,
          role: account.role,
          tokenVersion: account.tokenVersion,
          sessionId: familyId,
        }),
        refresh: await refreshCodec.sign({ jti: id, userId: account.id }, expiresAt),
      };
    },

    /**
     * Rotates a refresh token: the presented token is consumed atomically and a new one of the same
     * family issued. A token that was already used revokes its whole family (likely theft).
     */
    async refresh(token: string): Promise<TokenPair> {
      const invalid = new AppError('not_authenticated', ACCOUNT_MESSAGES.invalidRefresh);
      const claims = await refreshCodec.read(token);
      if (!claims) throw invalid;
      const result = await db.transaction(async (tx) => {
        const next = randomUUID();
        const consumed = await repo.consumeRefreshToken(tx, claims.jti, claims.userId, next);
        // Already exchanged moments ago, and that answer never reached this client: the same
        // successor again (REFRESH_RETRY_GRACE_SECONDS).
        const successor = consumed
          ? { id: next, ...consumed }
          : await repo.findFreshSuccessor(tx, claims.jti, claims.userId, REFRESH_RETRY_GRACE_SECONDS);
        if (!successor) return null;
        const account = await repo.findAccountById(tx, claims.userId);
        if (!account?.isActive || account.deactivatedAt) return null;
        if (consumed) await repo.insertRefreshToken(tx, { ...successor, userId: account.id });
        return { account, ...successor };
      });
      if (!result) {
        const row = await repo.findRefreshToken(db, claims.jti);
        if (row?.usedAt) {
          log.warn({ userId: row.userId }, 'refresh token reused: session family revoked');
          await repo.revokeFamily(db, row.familyId);
        }
        throw invalid;
      }
      return {
        access: await tokens.sign({
          id: result.account.id,
          role: result.account.role,
          tokenVersion: result.account.tokenVersion,
          sessionId: result.familyId,
        }),
        refresh: await refreshCodec.sign({ jti: result.id, userId: result.account.id }, result.expiresAt),
      };
    },

    /** Ends the session the refresh token belongs to. Unknown tokens are ignored. */
    async logout(token: string): Promise<DetailResponse> {
      const claims = await refreshCodec.read(token);
      const row = claims ? await repo.findRefreshToken(db, claims.jti) : undefined;
      if (row) await repo.revokeFamily(db, row.familyId);
      return { detail: ACCOUNT_MESSAGES.loggedOut };
    },
  };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
