import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  FIELD_LIMITS,
  MESSAGES,
  normalizeEmail,
  STAFF_MESSAGES,
  type GoogleLoginBody,
  type GoogleLoginResponse,
  type GoogleNonceResponse,
  type LoginResponse,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { setMark, takeMark, throttle } from '../../lib/throttle';
import { createAccountEmails } from './accounts.emails';
import { assertCanSignInWithGoogle } from './accounts.policy';
import * as repo from './accounts.repository';
import { insertAccountWithProfile } from './new-account';
import type { AccountRow } from './accounts.repository';
import type { CreatorProfilesPort } from './creator-profile-port';
import { createGoogleVerifier } from './google-id-token';
import { limit } from './rate-limits';

const GOOGLE_NONCE_TTL_SECONDS = 10 * 60;
const nonceKey = (nonce: string) => `google-nonce:${createHash('sha256').update(nonce).digest('base64url')}`;

/** Google sign-in, with the single-use nonce its button carries. */
export function createGoogleSignIn(
  deps: Pick<AppDeps, 'config' | 'database' | 'queue' | 'log'>,
  { creatorProfiles }: { creatorProfiles: CreatorProfilesPort },
  signIn: (account: AccountRow) => Promise<LoginResponse>,
) {
  const { config, database } = deps;
  const db = database.db;
  const emails = createAccountEmails(deps);
  const google = config.GOOGLE_CLIENT_ID
    ? createGoogleVerifier({
        clientId: config.GOOGLE_CLIENT_ID,
        jwksUrl: config.GOOGLE_JWKS_URL,
        issuer: config.GOOGLE_ISSUER,
      })
    : null;

  return {
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
        // Staff and brand accounts are never reached through Google.
        if (existing) assertCanSignInWithGoogle(existing);
        if (existing && !existing.isActive) {
          await repo.updateAccount(tx, existing.id, { passwordHash: null, isActive: true });
          await repo.revokeAllForUser(tx, existing.id);
          existing = { ...existing, passwordHash: null, isActive: true };
        }
        if (!existing) {
          existing = await insertAccountWithProfile(tx, creatorProfiles, {
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
      assertCanSignInWithGoogle(account);
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
  };
}
