import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * GET /api/accounts/me/ for the wizard's prefill. A failure is logged and the profile treated as
 * absent (spec §8), so it resolves to null instead of failing.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('/api/accounts/me/');
  } catch (error) {
    console.error('Failed to load the current user', error);
    return null;
  }
}

export const currentUserQueryOptions = (userId: number | undefined) =>
  queryOptions({
    queryKey: ['contests', 'current-user', userId ?? null] as const,
    queryFn: getCurrentUser,
    staleTime: 0,
  });

/** The signed-in user's profile; disabled (data undefined) for a visitor. */
export function useCurrentUser() {
  const session = useSession();
  return useQuery({ ...currentUserQueryOptions(session?.user.id), enabled: Boolean(session) });
}
