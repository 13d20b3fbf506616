import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_CATEGORIES, type EmailCategory } from '@app/domain';

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/**
 * The token of a one-click unsubscribe link (RFC 8058): `<user id>.<category>.<mac>`, an HMAC of
 * JWT_SECRET over user and category. It never expires (an old e-mail's link keeps working) and
 * opens nothing but turning that one category off for that one user.
 */
export function signUnsubscribeToken(secret: string, userId: number, category: EmailCategory): string {
  const payload = `${userId}.${category}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The user and category a token was signed for, or null. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; category: EmailCategory } | null {
  const match = /^(\d{1,10})\.([a-z_]{1,30})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, category, signature] = match;
  if (!(EMAIL_CATEGORIES as readonly string[]).includes(category!)) return null;
  const expected = Buffer.from(mac(secret, `${id}.${category}`));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId: Number(id), category: category as EmailCategory };
}
