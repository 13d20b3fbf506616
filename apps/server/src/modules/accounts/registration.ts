import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  isValidEmail,
  normalizeEmail,
  registrationErrors,
  type DetailResponse,
  type RegisterBody,
  type RegisterResponse,
  type ResendVerificationResponse,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { throttle } from '../../lib/throttle';
import { createLinkTokens, decodeUid } from './account-tokens';
import { createAccountEmails } from './accounts.emails';
import * as repo from './accounts.repository';
import type { CreatorProfilesPort } from './creator-profile-port';
import { insertAccountWithProfile } from './new-account';
import { isCommonPassword } from './password-rules';
import { limit } from './rate-limits';

/** Sign-up: a creator registers, and the e-mailed link verifies the address (and activates them). */
export function createRegistration(
  deps: Pick<AppDeps, 'config' | 'database' | 'queue' | 'log'>,
  { creatorProfiles }: { creatorProfiles: CreatorProfilesPort },
) {
  const { config, database } = deps;
  const db = database.db;
  const emails = createAccountEmails(deps);
  const links = createLinkTokens(config.JWT_SECRET);
  const invalidLink = () => new AppError('bad_request', MESSAGES.verification.invalidOrExpired);

  return {
    /**
     * Creates an inactive creator, or a voter when `account_type` says so (the requested role is
     * ignored), and e-mails the verification link, which carries `next` back to the page signed up from.
     */
    async register(input: RegisterBody, ip: string): Promise<RegisterResponse> {
      const email = normalizeEmail(input.email ?? '');
      await throttle(database, ...limit('register', ip, email || undefined));
      // The shared rules (similarity included) ran once in registrationErrors; only the server's
      // common-password list is left to check.
      const errors = registrationErrors(input);
      if (!errors.password && input.password && isCommonPassword(input.password)) {
        errors.password = [MESSAGES.password.tooCommon];
      }
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const passwordHash = await hashPassword(input.password!);
      const account = await insertAccountWithProfile(db, creatorProfiles, {
        email,
        passwordHash,
        role: input.account_type === 'voter' ? 'voter' : 'creator',
        phoneNumber: (input.phone_number ?? '').trim(),
        isActive: false,
      });
      if (!account) throw AppError.validation({ email: [MESSAGES.registration.emailTaken] });
      await emails.sendVerification(account, input.next);
      return { detail: ACCOUNT_MESSAGES.registered, email };
    },

    /** Activates the account a verification link is for; a used or expired link is a 400. */
    async verifyEmail(uid: string, token: string): Promise<DetailResponse> {
      const id = decodeUid(uid);
      const account = id ? await repo.findAccountById(db, id) : undefined;
      if (!account) throw invalidLink();
      if (account.isActive) {
        // A link that was valid for the account before it became active: say so, kindly.
        if (links.check('verify-email', { ...account, isActive: false }, token, config.VERIFY_TOKEN_TTL))
          throw new AppError('already_verified', ACCOUNT_MESSAGES.alreadyVerified);
        throw invalidLink();
      }
      if (!links.check('verify-email', account, token, config.VERIFY_TOKEN_TTL)) throw invalidLink();
      await repo.updateAccount(db, account.id, { isActive: true });
      return { detail: ACCOUNT_MESSAGES.verified };
    },

    /** The same answer whether or not an unverified account exists with this address. */
    async resendVerification(rawEmail: string, ip: string): Promise<ResendVerificationResponse> {
      const email = normalizeEmail(rawEmail);
      await throttle(database, ...limit('resend', ip, email));
      if (!isValidEmail(email)) throw AppError.validation({ email: [MESSAGES.registration.invalidEmail] });
      const account = await repo.findAccountByEmail(db, email);
      if (account && !account.isActive && account.passwordHash) await emails.sendVerification(account);
      return { message: MESSAGES.resend.sent };
    },
  };
}
