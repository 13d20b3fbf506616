import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** POST /api/staff/users/{id}/deactivate/: the account can no longer sign in; its sessions end at once. */
export function deactivateUser(id: number): Promise<unknown> {
  return apiRequest<unknown>(`/api/staff/users/${id}/deactivate/`, { method: 'POST', body: {} });
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
