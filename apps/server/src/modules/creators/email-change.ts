import { createHmac, timingSafeEqual } from 'node:crypto';

export interface EmailChangeClaim {
  userId: number;
  expiresAt: number;
  signature: string;
}

export interface EmailChangeTokens {
  /** A link token for changing user `userId`'s address to `email`. */
  sign(userId: number, email: string): string;
  /** The token's parts, or null when it is malformed or expired. */
  parse(token: string): EmailChangeClaim | null;
  /** True when the token was made for exactly this user and address. */
  matches(claim: EmailChangeClaim, email: string): boolean;
}

/**
 * Short signed tokens for e-mail change links: `<user>.<expiry>.<HMAC>`, where the HMAC covers the
 * user, the expiry and the new address. The address itself is not in the link: the server
 * checks the signature against the user's current pending address, so a later change or a used
 * link (pending cleared) invalidates it. Short enough for a URL path segment.
 */
export function createEmailChangeTokens(secret: string, ttlSeconds: number): EmailChangeTokens {
  const mac = (userId: number, expiresAt: number, email: string) =>
    createHmac('sha256', secret)
      .update(`email-change|${userId}|${expiresAt}|${email}`)
      .digest()
      .subarray(0, 18)
      .toString('base64url');
  return {
    sign(userId, email) {
      const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
      return `${userId.toString(36)}.${expiresAt.toString(36)}.${mac(userId, expiresAt, email)}`;
    },
    parse(token) {
      const match = /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{24})$/.exec(token);
      if (!match) return null;
      const userId = parseInt(match[1]!, 36);
      const expiresAt = parseInt(match[2]!, 36);
      if (expiresAt * 1000 < Date.now()) return null;
      return { userId, expiresAt, signature: match[3]! };
    },
    matches(claim, email) {
      const expected = Buffer.from(mac(claim.userId, claim.expiresAt, email));
      const given = Buffer.from(claim.signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export interface EmailUndoClaim {
  userId: number;
  /** The address the account had before the change, which the link restores. */
  previousEmail: string;
}

/** How long the "this was not me" link sent to the old address works (issue 18 M2). */
export const EMAIL_UNDO_TTL_SECONDS = 14 * 24 * 3600;

/**
 * Tokens for the undo link sent to the old address when a change of e-mail is asked for:
 * `<user>.<expiry>.<old address, base64url>.<HMAC>`, the HMAC over the user, the expiry, the old
 * address and the account's token version. Undoing raises the token version (every session ends),
 * so a link works once; it also expires.
 */
export function createEmailUndoTokens(secret: string, ttlSeconds: number = EMAIL_UNDO_TTL_SECONDS) {
  const mac = (userId: number, expiresAt: number, email: string, tokenVersion: number) =>
    createHmac('sha256', secret)
      .update(`email-undo|${userId}|${expiresAt}|${email}|${tokenVersion}`)
      .digest()
      .subarray(0, 18)
      .toString('base64url');
  return {
    sign(userId: number, previousEmail: string, tokenVersion: number): string {
      const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
      const email = Buffer.from(previousEmail).toString('base64url');
      return `${userId.toString(36)}.${expiresAt.toString(36)}.${email}.${mac(userId, expiresAt, previousEmail, tokenVersion)}`;
    },
    /** The token's user and old address when it is well formed, unexpired and signed for `tokenVersion`. */
    read(token: string, tokenVersionOf: (userId: number) => Promise<number | undefined>) {
      return (async (): Promise<EmailUndoClaim | null> => {
        const match =
          /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{24})$/.exec(token);
        if (!match) return null;
        const userId = parseInt(match[1]!, 36);
        const expiresAt = parseInt(match[2]!, 36);
        if (expiresAt * 1000 < Date.now()) return null;
        const previousEmail = Buffer.from(match[3]!, 'base64url').toString();
        const version = await tokenVersionOf(userId);
        if (version === undefined) return null;
        const expected = Buffer.from(mac(userId, expiresAt, previousEmail, version));
        const given = Buffer.from(match[4]!);
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
        return { userId, previousEmail };
      })();
    },
  };
}
