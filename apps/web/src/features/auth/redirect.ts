import { dashboardPathFor, sessionStore, type Session } from '../../lib/session';
import type { Role } from '@app/domain';

/** Where to go after signing in: the remembered origin, else the role's own dashboard. */
export function afterLoginPath(from: unknown, role: Role | undefined): string {
  if (
    typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !/^\/(login|signup|logout)\b/.test(from)
  )
    return from;
  return dashboardPathFor(role);
}

/** Stores the session and loads the target page afresh (spec §2: the page reloads after a login). */
export function completeSignIn(session: Session, target: string): void {
  sessionStore.set(session);
  window.location.assign(target);
}

/** The origin the route guard remembered (`state.from`). */
export function rememberedFrom(state: unknown): unknown {
  return state && typeof state === 'object' && 'from' in state
    ? (state as { from: unknown }).from
    : undefined;
}
