import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  normalizeEmail,
  isValidEmail,
  type DetailResponse,
  type PasswordChangeBody,
  type PasswordResetConfirmBody,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { throttle } from '../../lib/throttle';
import type { Caller } from '../../plugins/auth';
import { createLinkTokens, decodeUid } from './account-tokens';
import { passwordResetRequestJob } from './accounts.jobs';
import * as repo from './accounts.repository';
import type { AccountRow } from './accounts.repository';
import { allPasswordProblems } from './password-rules';
import { limit } from './rate-limits';
import { createSessionsService } from './sessions.service';

/**
 * The new password typed twice (the reset and change forms): the shared rules on the first, the
 * second the same. Field errors in the spec's words; empty when both are right.
 */
function newPasswordErrors(
  input: { new_password1?: string; new_password2?: string },
  email: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const password = input.new_password1 ?? '';
  if (!password) errors.new_password1 = [MESSAGES.registration.required];
  else {
    const problems = allPasswordProblems(password, email);
    if (problems.length) errors.new_password1 = problems;
  }
  if (!input.new_password2) errors.new_password2 = [MESSAGES.registration.required];
  else if (password && input.new_password2 !== password)
    errors.new_password2 = [MESSAGES.registration.passwordsDoNotMatch];
  return errors;
}

/** Forgotten passwords (a reset link by e-mail) and a signed-in user changing theirs. */
export function createPasswordRecovery(
  deps: Pick<AppDeps, 'config' | 'database' | 'queue'>,
  db: DbOrTx = deps.database.db,
) {
  const { config, database, queue } = deps;
  const links = createLinkTokens(config.JWT_SECRET);
  const sessions = createSessionsService(deps);

  /** The account a reset link is for; a 400 with the spec's failure text when it is unusable. */
  async function resetLinkAccount(uid: string, token: string): Promise<AccountRow> {
    const id = decodeUid(uid);
    const account = id ? await repo.findAccountById(db, id) : undefined;
    if (!account || !links.check('reset-password', account, token, config.RESET_TOKEN_TTL))
      throw new AppError('bad_request', MESSAGES.reset.failure);
    return account;
  }

  return {
    /**
     * Always the same answer and the same work (one queued job), whether or not the account exists;
     * the job looks the address up and sends the link.
     */
    async requestPasswordReset(rawEmail: string, ip: string): Promise<DetailResponse> {
      const email = normalizeEmail(rawEmail);
      await throttle(database, ...limit('reset', ip, email));
      if (!isValidEmail(email)) throw AppError.validation({ email: [MESSAGES.registration.invalidEmail] });
      await queue.send(passwordResetRequestJob, { email });
      return { detail: MESSAGES.forgot.success };
    },

    /** Lets the reset page say at once that a link is used or expired, before a password is typed. */
    async checkPasswordResetLink(uid: string, token: string): Promise<DetailResponse> {
      await resetLinkAccount(uid, token);
      return { detail: ACCOUNT_MESSAGES.resetLinkValid };
    },

    /**
     * Sets a new password from a reset link, verifies the address (the link reached the mailbox)
     * and ends every session of the account.
     */
    async confirmPasswordReset(
      uid: string,
      token: string,
      input: PasswordResetConfirmBody,
    ): Promise<DetailResponse> {
      const account = await resetLinkAccount(uid, token);
      const password = input.new_password1 ?? '';
      const errors = newPasswordErrors(input, account.email);
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        // The link reached the mailbox, which proves the address: an unverified account is verified.
        await repo.updateAccount(tx, account.id, {
          passwordHash,
          passwordChangedAt: new Date(),
          isActive: true,
        });
        // Every refresh token revoked and the token version raised: access tokens die at once too.
        await repo.endAllSessions(tx, account.id, { deactivate: false });
      });
      return { detail: ACCOUNT_MESSAGES.resetDone };
    },

    /**
     * Changes the signed-in user's password: the current one first (counted, as sign-in is), then
     * the shared rules on the new one. The caller's session stays; every other one ends, and older
     * reset links die with the old password hash.
     */
    async changePassword(user: Caller, input: PasswordChangeBody): Promise<DetailResponse> {
      const account = await repo.findAccountById(db, user.id);
      if (!account) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      const errors: Record<string, string[]> = {};
      const check = await sessions.checkPassword(user.id, input.current_password);
      if (check === 'no_password') errors.current_password = [ACCOUNT_MESSAGES.noPasswordYet];
      else if (!input.current_password) errors.current_password = [MESSAGES.registration.required];
      else if (check === 'wrong') errors.current_password = [ACCOUNT_MESSAGES.currentPasswordWrong];
      Object.assign(errors, newPasswordErrors(input, account.email));
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const passwordHash = await hashPassword(input.new_password1);
      await db.transaction(async (tx) => {
        await repo.updateAccount(tx, account.id, { passwordHash, passwordChangedAt: new Date() });
        await repo.revokeOtherSessions(tx, account.id, user.sessionId);
      });
      return { detail: ACCOUNT_MESSAGES.passwordChanged };
    },
  };
}
