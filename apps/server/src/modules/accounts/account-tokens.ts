import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The account state a link is bound to: changing any of it invalidates earlier links. */
export interface AccountState {
  id: number;
  email: string;
  isActive: boolean;
  passwordHash: string | null;
  lastLoginAt: Date | null;
}

export type LinkPurpose = 'verify-email' | 'reset-password';

/**
 * Stateless, single-use e-mail link tokens in the manner of Django's PasswordResetTokenGenerator:
 * `<timestamp base36>-<HMAC-SHA256>` over the purpose, the user id and the account state. A
 * verification token dies when the account becomes active; a reset token dies when the password
 * changes or the user signs in. No token table is needed.
 */
export function createLinkTokens(secret: string, now: () => number = Date.now) {
  const key = createHash('sha256').update(`account-link-tokens:${secret}`).digest();

  function stateOf(purpose: LinkPurpose, account: AccountState): string {
    const parts = [purpose, account.id, account.email, account.isActive ? 1 : 0, account.passwordHash ?? ''];
    // Signing in after a reset request spoils the link (as Django does); verification links do not
    // depend on it, so a user who signs in elsewhere can still tell an old link was already used.
    if (purpose === 'reset-password') parts.push(account.lastLoginAt?.getTime() ?? '');
    return parts.join('\u0000');
  }

  function sign(purpose: LinkPurpose, account: AccountState, timestamp: number): string {
    const mac = createHmac('sha256', key)
      .update(`${stateOf(purpose, account)}\u0000${timestamp}`)
      .digest('base64url')
      .slice(0, 32);
    return `${timestamp.toString(36)}-${mac}`;
  }

  return {
    make(purpose: LinkPurpose, account: AccountState): string {
      return sign(purpose, account, Math.floor(now() / 1000));
    },
    /** True when the token was made for this account in this state and is younger than `ttlSeconds`. */
    check(purpose: LinkPurpose, account: AccountState, token: string, ttlSeconds: number): boolean {
      const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/.exec(token);
      if (!match) return false;
      const timestamp = parseInt(match[1]!, 36);
      const expected = Buffer.from(sign(purpose, account, timestamp));
      const given = Buffer.from(token);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      const age = Math.floor(now() / 1000) - timestamp;
      return age >= 0 && age <= ttlSeconds;
    },
  };
}
export type LinkTokens = ReturnType<typeof createLinkTokens>;

/** The uid part of a link: base64url of the user id. */
export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
