import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/accounts/invitations/{token}/ (anonymous): 404 unknown, 410 used or expired. */
export function getInvitation(token: string): Promise<InvitationPreview> {
  return apiRequest<InvitationPreview>(`/api/accounts/invitations/${encodeURIComponent(token)}/`, {
    auth: false,
  });
}

/** Read once when the page opens, so a used or expired link says so before a password is typed. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => getInvitation(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
