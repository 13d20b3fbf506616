import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffQueryKey } from './get-review-queue';
import type { AuditPage } from '@app/domain';

export interface AuditFilter {
  actor: string;
  action: string;
  /** The record: `video:12`, or a record type alone (`video`). */
  target: string;
  page: number;
}

/** GET /api/staff/audit/?actor=&action=&target_type=&target_id=&page=: newest first, never editable. */
export function getAuditLog({ actor, action, target, page }: AuditFilter): Promise<AuditPage> {
  const params = new URLSearchParams();
  if (actor.trim()) params.set('actor', actor.trim());
  if (action.trim()) params.set('action', action.trim());
  const [type, id] = target.trim().split(':');
  if (type) params.set('target_type', type.trim());
  if (id?.trim()) params.set('target_id', id.trim());
  params.set('page', String(page));
  return apiRequest<AuditPage>(`/api/staff/audit/?${params.toString()}`);
}

export const auditLogQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: [...staffQueryKey, 'audit', filter] as const,
    queryFn: () => getAuditLog(filter),
    staleTime: 0,
  });

export function useAuditLog(filter: AuditFilter) {
  return useQuery({ ...auditLogQueryOptions(filter), placeholderData: keepPreviousData });
}
