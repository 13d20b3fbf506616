import {
  MESSAGES,
  STAFF_MESSAGES,
  isValidEmail,
  normalizeEmail,
  type AccountUser,
  type LoginBody,
  type LoginResponse,
  type RequireVerificationResponse,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { verifyNoPassword, verifyPassword } from '../../lib/passwords';
import { giveBack, hasMark, resetThrottle, setMark, throttle, type ThrottleRule } from '../../lib/throttle';
import { toAccountUser } from './accounts.presenter';
import * as repo from './accounts.repository';
import type { AccountRow } from './accounts.repository';
import type { CreatorProfilesPort } from './creator-profile-port';
import { limit, RATE_LIMITS } from './rate-limits';
import type { SessionTokens } from './session-tokens';

/** Signing in: with e-mail and password (`login`), or an account proven otherwise (`signIn`). */
export function createSignIn(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  { creatorProfiles }: { creatorProfiles: CreatorProfilesPort },
  sessionTokens: SessionTokens,
) {
  const { database } = deps;
  const db = database.db;

  async function userPayload(account: AccountRow): Promise<AccountUser> {
    const [creator, brand] = await Promise.all([
      creatorProfiles.forSignIn(db, account.id),
      repo.findBrandProfile(db, account.id),
    ]);
    return toAccountUser(account, { creator, brand }, (key) => deps.storage.url(key));
  }

  /** Signs an account in (tokens and user): the answer of sign-in, for accounts made otherwise. */
  async function signIn(account: AccountRow): Promise<LoginResponse> {
    const now = new Date();
    await repo.updateAccount(db, account.id, { lastLoginAt: now });
    const pair = await sessionTokens.issue(account);
    return { ...pair, user: await userPayload({ ...account, lastLoginAt: now }) };
  }

  return {
    signIn,

    /**
     * Signs in with e-mail and password. An account whose e-mail is not verified yet gets the
     * spec's `require_verification` answer (sent with HTTP 403) instead of tokens.
     */
    async login(input: LoginBody, ip: string): Promise<LoginResponse | RequireVerificationResponse> {
      const email = normalizeEmail(input.email);
      const rule = RATE_LIMITS.login;
      await throttle(database, ...limit('login', ip));
      // The attempt is counted before the password is checked (one upsert per counter), so 40
      // parallel guesses see counts 1…40 and only the first `perAccountClient` are checked.
      const knownKey = `login:known:${email}:${ip}`;
      const attempts: ThrottleRule[] = [
        {
          key: `login:account-client:${email}:${ip}`,
          limit: rule.perAccountClient,
          windowSeconds: rule.windowSeconds,
        },
      ];
      if (!(await hasMark(database, knownKey)))
        attempts.push({
          key: `login:account:${email}`,
          limit: rule.perAccount,
          windowSeconds: rule.windowSeconds,
        });
      await throttle(database, ...attempts);
      const account = isValidEmail(email) ? await repo.findAccountByEmail(db, email) : undefined;
      const ok = account?.passwordHash
        ? await verifyPassword(account.passwordHash, input.password)
        : await verifyNoPassword(input.password);
      if (!account || !ok) throw new AppError('not_authenticated', MESSAGES.login.incorrect);
      // The right password: this client's failures are forgiven, the attempt given back, and the
      // client remembered as the owner's (exempt from the across-clients cap).
      await resetThrottle(database, attempts[0]!.key);
      if (attempts[1]) await giveBack(database, attempts[1].key);
      await setMark(database, knownKey, rule.knownClientDays * 24 * 60 * 60);
      if (account.deactivatedAt) throw new AppError('account_deactivated', STAFF_MESSAGES.deactivated);
      if (!account.isActive)
        return { require_verification: true, detail: MESSAGES.login.requireVerification, code: 'forbidden' };
      return signIn(account);
    },
  };
}
