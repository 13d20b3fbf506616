import type { AppDeps } from '../../app-deps';
import type { AccessCheck } from '../../plugins/auth';
import * as repo from './accounts.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an access token still speaks for its account: the account exists, has verified its
 * address (an unverified one is never given a token; one minted by mistake is refused), is not
 * deactivated, the token carries its current token version, and its session (refresh-token family)
 * was not ended by a logout (one query: a primary-key read and an indexed exists). The auth plugin
 * asks on every authenticated request; raising the version (`endAllSessions`) refuses older tokens.
 * The same read gives the brand a brand user belongs to and the user's role in its team: the
 * request's caller carries both.
 */
export function createAccessCheck(deps: Pick<AppDeps, 'database'>): AccessCheck {
  const db = deps.database.db;
  return async (user) => {
    // A forged session id is harmless (the token's signature covers it) but must still be a uuid.
    if (user.sessionId && !UUID.test(user.sessionId)) return null;
    const state = await repo.findTokenState(db, user.id, user.sessionId);
    const current =
      !!state &&
      state.isActive &&
      !state.deactivatedAt &&
      state.tokenVersion === (user.tokenVersion ?? 0) &&
      !!state.sessionLive;
    return current
      ? { brandId: state.brandId, brandRole: state.brandId === null ? null : state.brandRole }
      : null;
  };
}
