import { pipedSecret, type SecretInput } from '../../cli/read-secret';
import type { TestContext } from '../../../test/helper';

/** The first link in a raw e-mail that starts with `prefix` (quoted-printable undone). */
export function linkIn(message: string, prefix: string): string {
  const text = message.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = text.match(new RegExp(`${escaped}[^\\s"<>]+`));
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return match[0];
}

export const STRONG_PASSWORD = 'Velvet-Lantern-4821';

let counter = 0;
/** A distinct client address per call, so per-client limits do not interfere between tests. */
export function nextIp(): string {
  counter += 1;
  return `10.${(counter >> 8) & 255}.${counter & 255}.${7 + (counter % 200)}`;
}

export async function register(ctx: TestContext, payload: Record<string, unknown>, ip = nextIp()) {
  return ctx.app.inject({ method: 'POST', url: '/api/accounts/auth/register/', payload, remoteAddress: ip });
}

export async function login(ctx: TestContext, email: string, password: string, ip = nextIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/accounts/auth/login/',
    payload: { email, password },
    remoteAddress: ip,
  });
}

/** Registers through the API, follows the e-mailed link and returns the verified credentials. */
export async function registerAndVerify(ctx: TestContext, email: string, password = STRONG_PASSWORD) {
  const res = await register(ctx, {
    email,
    password,
    confirm_password: password,
    role: 'creator',
    phone_number: '',
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const link = linkIn(await ctx.waitForEmail(email), `${ctx.config.PUBLIC_URL}/verify-email/`);
  const [uid, token] = link.split('/').slice(-2);
  const verified = await ctx.app.inject({
    method: 'GET',
    url: `/api/accounts/auth/verify_email/${uid}/${token}/`,
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return { email, password };
}

/**
 * Arguments for the create-user command as a person would type them: a `--password P` pair is
 * turned into `--password-stdin` with P piped in (the command refuses passwords on argv).
 */
export function cliWithPassword(argv: string[]): [string[], SecretInput] {
  const at = argv.indexOf('--password');
  if (at < 0) return [argv, pipedSecret('')];
  return [[...argv.slice(0, at), '--password-stdin', ...argv.slice(at + 2)], pipedSecret(argv[at + 1] ?? '')];
}
