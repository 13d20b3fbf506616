import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@app/domain';
import { apiRequest } from './api-client';
import { useSession } from './session';

/**
 * GET /api/accounts/me/: the signed-in user with the profile fields forms prefill from. A failure
 * is logged and the profile treated as absent (spec §8), so it resolves to null instead of failing.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('/api/accounts/me/');
  } catch (error) {
    console.error('Failed to load the current user', error);
    return null;
  }
}

/** Keyed by the session's user, so another sign-in never reads the previous user's answer. */
export const currentUserQueryOptions = (userId: number | undefined) =>
  queryOptions({
    queryKey: ['current-user', userId ?? null] as const,
    queryFn: getCurrentUser,
    staleTime: 0,
  });

/** The signed-in user's profile; disabled (data undefined) for a visitor. */
export function useCurrentUser() {
  const session = useSession();
  return useQuery({ ...currentUserQueryOptions(session?.user.id), enabled: Boolean(session) });
}
