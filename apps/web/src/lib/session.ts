import { useSyncExternalStore } from 'react';
import type { LoginResponse, Role } from '@app/domain';

/** Tokens and the signed-in user as sign-in returns them (spec §3 User, §4 Session). */
export type Session = Pick<LoginResponse, 'access' | 'refresh' | 'user'>;

const KEY = 'session';
const listeners = new Set<() => void>();
let cached: Session | null | undefined;
/**
 * The access token lives in this tab's memory only, and the refresh token in an HttpOnly cookie
 * the script never sees (issue 18 M3). Browser storage keeps just the user, so a reload knows who
 * was signed in and gets a new access token through the cookie (the route guard's refresh).
 */
let access = '';

function read(): Session | null {
  if (cached !== undefined) return cached;
  try {
    const raw = localStorage.getItem(KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<Session>) : null;
    cached = stored?.user ? { access, refresh: '', user: stored.user } : null;
  } catch {
    cached = null;
  }
  return cached;
}

function emit() {
  for (const listener of listeners) listener();
}

/** The session: the user in browser storage (shared by every tab), the access token in memory. */
export const sessionStore = {
  get: read,
  set(session: Session | null) {
    access = session?.access ?? '';
    cached = session ? { access, refresh: '', user: session.user } : null;
    if (session) localStorage.setItem(KEY, JSON.stringify({ user: session.user }));
    else localStorage.removeItem(KEY);
    emit();
  },
  update(patch: Partial<Session>) {
    const current = read();
    if (current) this.set({ ...current, ...patch });
  },
  clear() {
    this.set(null);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY) return;
    cached = undefined;
    emit();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, read, () => null);
}

/**
 * Each role's own home (spec §4 route guard, issue 13): where sign-in lands and where the guard
 * sends anyone who opens a page that is not for their role.
 */
export function dashboardPathFor(role: Role | undefined): string {
  if (role === 'brand') return '/brand-dashboard';
  if (role === 'creator') return '/creator-dashboard';
  if (role === 'staff') return '/staff';
  // A voter (issue 50) has no dashboard: its notifications (and the change of password from there).
  if (role === 'voter') return '/notifications';
  return '/';
}

/** True when a JWT's `exp` has passed (or it cannot be read): the guard refreshes before rendering. */
export function isAccessTokenExpired(token: string | undefined, skewSeconds = 10): boolean {
  if (!token) return true;
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp !== 'number' || exp * 1000 <= Date.now() + skewSeconds * 1000;
  } catch {
    return true;
  }
}
