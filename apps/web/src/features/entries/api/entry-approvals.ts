import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalBody, EntryApprovals } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { entriesQueryKey } from './get-entry';

/**
 * The entry's approvals live under its detail key, so the live updates that refresh the entry
 * (an `entry` event follows every decision) refresh them too.
 */
export const entryApprovalsQueryOptions = (entryId: number) =>
  queryOptions({
    queryKey: [...entriesQueryKey, 'detail', String(entryId), 'approvals'],
    queryFn: () => getEntryApprovals(entryId),
    retry: false,
  });

/** GET /api/entries/{id}/approvals/ — the entrant, staff and the contest's brand. */
export function getEntryApprovals(entryId: number): Promise<EntryApprovals> {
  return apiRequest<EntryApprovals>(`/api/entries/${entryId}/approvals/`);
}

/** POST /api/entries/{id}/approvals/ — owners, managers and reviewers of the contest's brand. */
export function decideApproval(entryId: number, body: ApprovalBody): Promise<EntryApprovals> {
  return apiRequest<EntryApprovals>(`/api/entries/${entryId}/approvals/`, { method: 'POST', body });
}

export function useEntryApprovals(entryId: number) {
  return useQuery(entryApprovalsQueryOptions(entryId));
}

/** The caller's decision on the current version; the answer replaces the approvals shown. */
export function useDecideApproval(entryId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalBody) => decideApproval(entryId, body),
    onSuccess: (approvals) => {
      client.setQueryData(entryApprovalsQueryOptions(entryId).queryKey, approvals);
      void client.invalidateQueries({ queryKey: [...entriesQueryKey, 'detail', String(entryId)] });
    },
  });
}
