import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Entry, SubmitEntryBody } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { entriesQueryKey } from './get-entry';

/** POST /api/contests/{id}/entries/ — the first submission, or the next version. */
export function submitEntry(contestId: string, body: SubmitEntryBody): Promise<Entry> {
  return apiRequest<Entry>(`/api/contests/${encodeURIComponent(contestId)}/entries/`, {
    method: 'POST',
    body,
  });
}

export function useSubmitEntry(contestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitEntryBody) => submitEntry(contestId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: entriesQueryKey }),
  });
}
