import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffQueryKey } from './get-review-queue';
import type { InvitationPage } from '@app/domain';

export const invitationsQueryKey = [...staffQueryKey, 'invitations'] as const;

/** GET /api/staff/invitations/: the invitations sent, newest first. */
export function getInvitations(): Promise<InvitationPage> {
  return apiRequest<InvitationPage>('/api/staff/invitations/');
}

export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationsQueryKey, queryFn: getInvitations });

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}
