import { MESSAGES, type CurrentUser } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { toCurrentUser } from './accounts.presenter';
import * as repo from './accounts.repository';
import type { CreatorProfilesPort } from './creator-profile-port';
import { createGoogleSignIn } from './google-sign-in';
import { createActiveAccount, type NewUser } from './operator-accounts';
import { createPasswordRecovery } from './password-recovery';
import { createRegistration } from './registration';
import { createSessionTokens } from './session-tokens';
import { createSignIn } from './sign-in';

export { RATE_LIMITS } from './rate-limits';

export type AccountsServiceDeps = Pick<
  AppDeps,
  'config' | 'database' | 'queue' | 'log' | 'tokens' | 'storage'
>;

/** What accounts asks of modules above it, passed in by modules/index.ts. */
export interface AccountsPorts {
  /** The creator profile parts accounts creates and shows (creators owns them). */
  creatorProfiles: CreatorProfilesPort;
}

/**
 * Sign-up, sign-in, token rotation, e-mail verification, password reset, Google sign-in, the
 * current user, and accounts made by an operator. Each area is built in its own file (named
 * beside it below); this lists what the service offers.
 */
export function createAccountsService(deps: AccountsServiceDeps, ports: AccountsPorts) {
  const db = deps.database.db;
  const { creatorProfiles } = ports;
  const sessionTokens = createSessionTokens(deps);
  const { signIn, login } = createSignIn(deps, ports, sessionTokens);
  const { register, verifyEmail, resendVerification } = createRegistration(deps, ports);
  const { requestPasswordReset, checkPasswordResetLink, confirmPasswordReset, changePassword } =
    createPasswordRecovery(deps);
  const { googleLogin, googleNonce } = createGoogleSignIn(deps, ports, signIn);

  return {
    // Sign-up and e-mail verification (registration.ts).
    register,
    verifyEmail,
    resendVerification,
    // Sign-in and sessions (sign-in.ts, session-tokens.ts).
    login,
    signIn,
    refresh: sessionTokens.refresh,
    logout: sessionTokens.logout,
    // Forgotten and changed passwords (password-recovery.ts).
    requestPasswordReset,
    checkPasswordResetLink,
    confirmPasswordReset,
    changePassword,
    // Google sign-in (google-sign-in.ts).
    googleLogin,
    googleNonce,

    /** spec §3 Current user, for the application prefill. */
    async currentUser(userId: number): Promise<CurrentUser> {
      const account = await repo.findAccountById(db, userId);
      if (!account || !account.isActive || account.deactivatedAt)
        throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      return toCurrentUser(account, await creatorProfiles.storedValues(db, userId));
    },

    /** An active account of any role, made by an operator (operator-accounts.ts). */
    createUser: (input: NewUser) => createActiveAccount(db, creatorProfiles, input),
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
