import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { runAdmin } from './admin';
import { E2E_BASE_URL, E2E_DATA_DIR } from './env';

export type E2ERole = 'creator' | 'brand' | 'staff';

export interface E2EUser {
  id: number;
  email: string;
  password: string;
  role: E2ERole;
}

/** A password that passes every sign-up rule (long, not numeric, not common, unlike any e-mail). */
export const E2E_PASSWORD = 'Velvet-Lantern-4821';

/** The demo accounts' passwords by e-mail, from the accounts file the first start wrote. */
export function demoPasswords(): Map<string, string> {
  const text = readFileSync(path.join(E2E_DATA_DIR, 'demo-accounts.txt'), 'utf8');
  const found = new Map<string, string>();
  for (const match of text.matchAll(/^\S+\s+(\S+@\S+)\s{2}(\S+)$/gm)) found.set(match[1]!, match[2]!);
  return found;
}

/** A demo account's e-mail and password, to sign in with. */
export function demoAccount(email: string): { email: string; password: string } {
  const password = demoPasswords().get(email);
  if (!password) throw new Error(`no password for ${email} in demo-accounts.txt`);
  return { email, password };
}

/** A fresh, unique e-mail address for a test. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Creates a verified (active) account of any role with the admin CLI, exactly as an operator
 * would; it reaches the running e2e server's database (the embedded one through its socket).
 */
export async function createVerifiedUser(
  options: {
    role?: E2ERole;
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    company?: string;
    /** A brand user of this brand. */
    brandId?: number;
  } = {},
): Promise<E2EUser> {
  const role = options.role ?? 'creator';
  const email = (options.email ?? uniqueEmail(role)).toLowerCase();
  const password = options.password ?? E2E_PASSWORD;
  const args = [
    'create-user',
    '--email',
    email,
    // The CLI reads passwords from standard input, never from argv (issue 18 L5).
    '--password-stdin',
    '--role',
    role,
  ];
  if (options.firstName) args.push('--first-name', options.firstName);
  if (options.lastName) args.push('--last-name', options.lastName);
  if (options.company) args.push('--company', options.company);
  if (options.brandId) args.push('--brand-id', String(options.brandId));
  const stdout = await runAdmin(args, `${password}\n`);
  const id = Number(/\(id (\d+)\)/.exec(stdout)?.[1]);
  if (!id) throw new Error(`create-user did not report an id: ${stdout}`);
  return { id, email, password, role };
}

export interface E2ESession {
  access: string;
  refresh: string;
  user: { id: number; email: string; role: E2ERole; [key: string]: unknown };
}

/** Signs in through the API (POST /api/accounts/auth/login/) and returns the session. */
export async function apiLogin(credentials: { email: string; password: string }): Promise<E2ESession> {
  const res = await fetch(`${E2E_BASE_URL}/api/accounts/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`login failed with ${res.status}: ${await res.text()}`);
  return (await res.json()) as E2ESession;
}

/**
 * Signs a page in as the web app is signed in (issue 18 M3): the refresh token goes into the
 * browser context as the HttpOnly cookie the server sets (`refresh_token`, path /api/token/), and
 * the user under the localStorage key `session` before the app's first script runs; the app then
 * gets its access token through the cookie, as after a reload. The storage is written once per
 * tab, so a later sign-out in the test stays signed out. Call before `page.goto`.
 */
export async function signIn(
  page: Page,
  credentials: { email: string; password: string },
): Promise<E2ESession> {
  const session = await apiLogin(credentials);
  const origin = new URL(E2E_BASE_URL);
  await page.context().addCookies([
    {
      name: 'refresh_token',
      value: session.refresh,
      domain: origin.hostname,
      path: '/api/token/',
      httpOnly: true,
      secure: origin.protocol === 'https:',
      sameSite: 'Strict',
    },
  ]);
  await page.addInitScript(
    ({ origin, value }) => {
      try {
        if (window.location.origin !== origin || sessionStorage.getItem('e2e-session-written')) return;
        localStorage.setItem('session', value);
        sessionStorage.setItem('e2e-session-written', '1');
      } catch {
        // about:blank and other origins have no storage for us.
      }
    },
    { origin: origin.origin, value: JSON.stringify({ user: session.user }) },
  );
  return session;
}
