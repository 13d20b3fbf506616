import { createHash, randomBytes, randomUUID } from 'node:crypto';
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
  type GoogleLoginBody,
  type GoogleLoginResponse,
  type GoogleNonceResponse,
  type LoginBody,
  type LoginResponse,
  type PasswordChangeBody,
  type PasswordResetConfirmBody,
  type RegisterBody,
  type RegisterResponse,
  type RequireVerificationResponse,
  type ResendVerificationResponse,
  type Role,
  type TokenPair,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { hashPassword, verifyNoPassword, verifyPassword } from '../../lib/passwords';
import {
  giveBack,
  hasMark,
  resetThrottle,
  setMark,
  takeMark,
  throttle,
  type ThrottleRule,
} from '../../lib/throttle';
import { createCreatorProfileService } from '../creators/creator-profile.service';
import { createLinkTokens, decodeUid } from './account-tokens';
import { allPasswordProblems, isCommonPassword } from './password-rules';
import { createRefreshTokenCodec } from './refresh-tokens';
import { createGoogleVerifier } from './google-id-token';
import { createSessionsService } from './sessions.service';
import { createAccountEmails } from './accounts.emails';
import { passwordResetRequestJob } from './accounts.jobs';
import * as repo from './accounts.repository';
import { toAccountUser, toCurrentUser } from './accounts.presenter';
import type { AccountRow } from './accounts.repository';

/** Per-client and per-address limits (requests per window). */
export const RATE_LIMITS = {
  // Per client: generous, since many people can share one address (offices, campuses, a test run).
  // Sign-in attempts on one account are counted before the password is checked (atomically, so
  // parallel guesses cannot slip past) and given back when it is right: per account and client
  // (tight: what stops one client guessing), and per account over every client that never signed
  // in to it (wider: what stops a guesser with many addresses, without locking the owner out of
  // the clients they use — see `knownClientDays`).
  login: {
    perClient: 200,
    perAccountClient: 10,
    perAccount: 50,
    knownClientDays: 30,
    windowSeconds: 15 * 60,
  },
  register: { perClient: 50, perEmail: 5, windowSeconds: 60 * 60 },
  resend: { perClient: 50, perEmail: 3, windowSeconds: 15 * 60 },
  reset: { perClient: 50, perEmail: 3, windowSeconds: 15 * 60 },
  google: { perClient: 200, windowSeconds: 15 * 60 },
} as const;

const GOOGLE_NONCE_TTL_SECONDS = 10 * 60;
const nonceKey = (nonce: string) => `google-nonce:${createHash('sha256').update(nonce).digest('base64url')}`;

export type AccountsServiceDeps = Pick<
  AppDeps,
  'config' | 'database' | 'queue' | 'log' | 'tokens' | 'storage'
>;

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

function limit(kind: keyof typeof RATE_LIMITS, ip: string, email?: string) {
  const rule = RATE_LIMITS[kind];
  const rules: ThrottleRule[] = [
    { key: `${kind}:ip:${ip}`, limit: rule.perClient, windowSeconds: rule.windowSeconds },
  ];
  if (email && 'perEmail' in rule)
    rules.push({ key: `${kind}:email:${email}`, limit: rule.perEmail, windowSeconds: rule.windowSeconds });
  return rules;
}

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
export function createAccountsService(deps: AccountsServiceDeps) {
  const { config, database, queue, log, tokens } = deps;
  const db = database.db;
  const emails = createAccountEmails(deps);
  const links = createLinkTokens(config.JWT_SECRET);
  const creatorProfiles = createCreatorProfileService(deps);
  const refreshCodec = createRefreshTokenCodec(config.JWT_SECRET);
  const sessions = createSessionsService(deps);
  const google = config.GOOGLE_CLIENT_ID
    ? createGoogleVerifier({
        clientId: config.GOOGLE_CLIENT_ID,
        jwksUrl: config.GOOGLE_JWKS_URL,
        issuer: config.GOOGLE_ISSUER,
      })
    : null;

  async function userPayload(account: AccountRow): Promise<AccountUser> {
    return toAccountUser(account, await repo.findProfiles(db, account.id), (key) => deps.storage.url(key));
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

  /** The account a reset link is for; a 400 with the spec's failure text when it is unusable. */
  async function resetLinkAccount(uid: string, token: string): Promise<AccountRow> {
    const id = decodeUid(uid);
    const account = id ? await repo.findAccountById(db, id) : undefined;
    if (!account || !links.check('reset-password', account, token, config.RESET_TOKEN_TTL))
      throw new AppError('bad_request', MESSAGES.reset.failure);
    return account;
  }

  return {
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
      const account = await repo.insertAccount(db, {
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
    async changePassword(user: AuthUser, input: PasswordChangeBody): Promise<DetailResponse> {
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

    /**
     * Google sign-in. Identities are keyed by issuer and subject. An existing account is linked by
     * e-mail only when Google vouches for the address and the account itself is verified; an
     * unverified account with that address is taken over without its password (whoever set it
     * never proved the address), never merged as is.
     */
    async googleLogin(input: GoogleLoginBody, ip: string): Promise<GoogleLoginResponse> {
      if (!google) throw new AppError('unavailable', MESSAGES.google.notConfigured);
      await throttle(database, ...limit('google', ip));
      const identity = await google.verify(input.id_token);
      const invalid = () => new AppError('not_authenticated', ACCOUNT_MESSAGES.googleInvalidToken);
      if (!identity) throw invalid();
      // The token must carry the nonce this client was given, and the nonce is spent here: a token
      // captured elsewhere (another site, a log) cannot be replayed (issue 18 L9).
      if (!input.nonce || identity.nonce !== input.nonce) throw invalid();
      if (!(await takeMark(database, nonceKey(input.nonce)))) throw invalid();
      if (!identity.emailVerified) throw new AppError('forbidden', ACCOUNT_MESSAGES.googleEmailUnverified);
      const email = normalizeEmail(identity.email);

      let created = false;
      const account = await db.transaction(async (tx) => {
        const linked = await repo.findSocialAccount(tx, identity.issuer, identity.subject);
        if (linked) return repo.findAccountById(tx, linked.userId);
        let existing = await repo.findAccountByEmail(tx, email);
        // Staff and brand accounts are never reached through Google: an address Google vouches
        // for is not proof enough for those powers (issue 18 L9).
        if (existing && existing.role !== 'creator')
          throw new AppError('forbidden', ACCOUNT_MESSAGES.googleNotForStaffOrBrand);
        if (existing && !existing.isActive) {
          await repo.updateAccount(tx, existing.id, { passwordHash: null, isActive: true });
          await repo.revokeAllForUser(tx, existing.id);
          existing = { ...existing, passwordHash: null, isActive: true };
        }
        if (!existing) {
          existing = await repo.insertAccount(tx, {
            email,
            passwordHash: null,
            role: 'creator',
            // Google's names are the person's own, but bounded like any name (issue 18 M6).
            firstName: identity.givenName.slice(0, FIELD_LIMITS.name),
            lastName: identity.familyName.slice(0, FIELD_LIMITS.name),
            isActive: true,
          });
          if (!existing) throw new AppError('conflict', MESSAGES.google.unknown);
          created = true;
        }
        await repo.insertSocialAccount(tx, {
          userId: existing.id,
          provider: 'google',
          issuer: identity.issuer,
          subject: identity.subject,
          email,
        });
        return existing;
      });
      if (!account?.isActive) throw new AppError('forbidden', MESSAGES.google.failed);
      // An identity linked before staff and brand accounts were kept out of Google sign-in.
      if (account.role !== 'creator')
        throw new AppError('forbidden', ACCOUNT_MESSAGES.googleNotForStaffOrBrand);
      if (account.deactivatedAt) throw new AppError('account_deactivated', STAFF_MESSAGES.deactivated);
      if (created) await emails.sendWelcome(account.email);
      const session = await signIn(account);
      return { ...session, token: session.access };
    },

    /** A single-use nonce for Google's button (10 minutes), kept hashed in `throttles`. */
    async googleNonce(ip: string): Promise<GoogleNonceResponse> {
      if (!google) throw new AppError('unavailable', MESSAGES.google.notConfigured);
      await throttle(database, ...limit('google', ip));
      const nonce = randomBytes(24).toString('base64url');
      await setMark(database, nonceKey(nonce), GOOGLE_NONCE_TTL_SECONDS);
      return { nonce };
    },

    /** spec §3 Current user, for the application prefill. */
    async currentUser(userId: number): Promise<CurrentUser> {
      const account = await repo.findAccountById(db, userId);
      if (!account || !account.isActive || account.deactivatedAt)
        throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      return toCurrentUser(account, await creatorProfiles.storedValues(userId));
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
        return repo.insertAccount(tx, {
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
