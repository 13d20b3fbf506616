import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  FIELD_LIMITS,
  MESSAGES,
  tooLongMessage,
  isValidEmail,
  normalizeEmail,
  passwordProblems,
  registrationErrors,
  ROLES,
  STAFF_MESSAGES,
  type AccountUser,
  type CurrentUser,
  type DetailResponse,
  type LoginBody,
  type LoginResponse,
  type RegisterBody,
  type RegisterResponse,
  type RequireVerificationResponse,
  type ResendVerificationResponse,
  type Role,
  type TokenPair,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyNoPassword, verifyPassword } from '../../lib/passwords';
import { giveBack, hasMark, resetThrottle, setMark, throttle, type ThrottleRule } from '../../lib/throttle';
import { createLinkTokens, decodeUid } from './account-tokens';
import { isCommonPassword } from './password-rules';
import { createRefreshTokenCodec } from './refresh-tokens';
import { createAccountEmails } from './accounts.emails';
import * as repo from './accounts.repository';
import { insertAccountWithProfile } from './new-account';
import { createGoogleSignIn } from './google-sign-in';
import type { CreatorProfilesPort } from './creator-profile-port';
import { createPasswordRecovery } from './password-recovery';
import { limit, RATE_LIMITS } from './rate-limits';
import { toAccountUser, toCurrentUser } from './accounts.presenter';
import type { AccountRow } from './accounts.repository';

export { RATE_LIMITS } from './rate-limits';

export type AccountsServiceDeps = Pick<
  AppDeps,
  'config' | 'database' | 'queue' | 'log' | 'tokens' | 'storage'
>;

/** What accounts asks of modules above it, passed in by modules/index.ts. */
export interface AccountsOwners {
  /** The creator profile parts accounts creates and shows (creators owns them). */
  creatorProfiles: CreatorProfilesPort;
}

/** A new account made by an operator (`npm run admin -- create-user`). */
export interface NewUser {
  email: string;
  password: string;
  role: Role;
  firstName?: string;
  lastName?: string;
  /** A brand user's brand, by id… */
  brandId?: number;
  /** …or by name (found case-insensitively, or created). */
  companyName?: string;
}

/**
 * Refresh tokens rotate, and a used one presented again ends its session (theft detection), except
 * within this many seconds of its use while its successor is still unused: then the answer to that
 * exchange was lost (the page was left or reloaded mid-request, or two tabs renewed with the same
 * cookie at once), and the client gets that successor again. The reuse window of Auth0 and the
 * grace period of Okta are the same idea (docs/spec-decisions.md).
 */
export const REFRESH_RETRY_GRACE_SECONDS = 30;

/**
 * Sign-up, sign-in, token rotation, e-mail verification, password reset, Google sign-in, the
 * current user, and accounts made by an operator.
 */
export function createAccountsService(deps: AccountsServiceDeps, owners: AccountsOwners) {
  const { config, database, log, tokens } = deps;
  const db = database.db;
  const emails = createAccountEmails(deps);
  const links = createLinkTokens(config.JWT_SECRET);
  const { creatorProfiles } = owners;
  const refreshCodec = createRefreshTokenCodec(config.JWT_SECRET);

  async function userPayload(account: AccountRow): Promise<AccountUser> {
    const [creator, brand] = await Promise.all([
      creatorProfiles.forSignIn(db, account.id),
      repo.findBrandProfile(db, account.id),
    ]);
    return toAccountUser(account, { creator, brand }, (key) => deps.storage.url(key));
  }

  /** A new refresh-token family (a new session) and its first tokens. */
  async function issueTokens(account: AccountRow, familyId: string = randomUUID()): Promise<TokenPair> {
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
  }

  async function signIn(account: AccountRow): Promise<LoginResponse> {
    const now = new Date();
    await repo.updateAccount(db, account.id, { lastLoginAt: now });
    const pair = await issueTokens(account);
    return { ...pair, user: await userPayload({ ...account, lastLoginAt: now }) };
  }

  const invalidLink = () => new AppError('bad_request', MESSAGES.verification.invalidOrExpired);

  return {
    ...createPasswordRecovery(deps),
    ...createGoogleSignIn(deps, owners, signIn),

    /** Creates an inactive creator (the requested role is ignored) and e-mails the verification link. */
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
        role: 'creator',
        phoneNumber: (input.phone_number ?? '').trim(),
        isActive: false,
      });
      if (!account) throw AppError.validation({ email: [MESSAGES.registration.emailTaken] });
      await emails.sendVerification(account);
      return { detail: ACCOUNT_MESSAGES.registered, email };
    },

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

    /** spec §3 Current user, for the application prefill. */
    async currentUser(userId: number): Promise<CurrentUser> {
      const account = await repo.findAccountById(db, userId);
      if (!account || !account.isActive || account.deactivatedAt)
        throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      return toCurrentUser(account, await creatorProfiles.storedValues(db, userId));
    },

    /** Signs an account in (tokens and user): the answer of sign-in, for accounts made otherwise. */
    signIn,

    /**
     * Creates an active (verified) account of any role, with its empty profile: how brand and
     * staff accounts are made. The e-mail must be valid, the role known and the password must pass
     * the shared rules (field errors in that order); a brand user belongs to the brand `brandId`
     * (which must exist) or to the brand named `companyName` (found, or created); a taken address
     * is a 409.
     */
    async createUser(input: NewUser): Promise<{ id: number; email: string; role: Role }> {
      const email = normalizeEmail(input.email);
      if (!isValidEmail(email)) throw AppError.validation({ email: [MESSAGES.registration.invalidEmail] });
      if (!ROLES.includes(input.role))
        throw AppError.validation({ role: [`Choose one of ${ROLES.join(', ')}.`] });
      for (const [field, value, max] of [
        ['first_name', input.firstName ?? '', FIELD_LIMITS.name],
        ['last_name', input.lastName ?? '', FIELD_LIMITS.name],
        ['company_name', input.companyName ?? '', FIELD_LIMITS.companyName],
      ] as const)
        if (value.length > max) throw AppError.validation({ [field]: [tooLongMessage(field, max)] });
      const problems = passwordProblems(input.password, email);
      if (problems.length) throw AppError.validation({ password: problems });
      const passwordHash = await hashPassword(input.password);
      const account = await db.transaction(async (tx) => {
        let brand: { id: number | null; name: string; logo: string } | undefined;
        if (input.role === 'brand' && input.brandId !== undefined) {
          const found = await repo.findBrandById(tx, input.brandId);
          if (!found) throw AppError.validation({ brand_id: [STAFF_MESSAGES.brandUnknown] });
          brand = { id: found.id, name: found.name, logo: found.logoUrl };
        } else if (input.role === 'brand' && input.companyName?.trim()) {
          const found = await repo.findOrCreateBrand(tx, input.companyName.trim());
          brand = { id: found.id, name: found.name, logo: found.logoUrl };
        }
        return insertAccountWithProfile(tx, creatorProfiles, {
          email,
          passwordHash,
          role: input.role,
          firstName: input.firstName ?? '',
          lastName: input.lastName ?? '',
          ...(brand ? { brand } : {}),
          isActive: true,
        });
      });
      if (!account) throw new AppError('conflict', `A user with the e-mail ${email} already exists.`);
      return { id: account.id, email: account.email, role: account.role };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
