import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { staffQueryKey } from './get-review-queue';
import type { Invitation } from './types';

export const invitationsQueryKey = [...staffQueryKey, 'invitations'] as const;

/** GET /api/staff/invitations/: the invitations sent, newest first. */
export function getInvitations(): Promise<Page<Invitation>> {
  return apiRequest<Page<Invitation>>('/api/staff/invitations/');
}

export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationsQueryKey, queryFn: getInvitations });

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}
