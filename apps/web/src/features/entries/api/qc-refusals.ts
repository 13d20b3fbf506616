import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContestQcOverrideBody, QcOverride, QcRefusal } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { entriesQueryKey } from './get-entry';

/** Under the entries key, so what refreshes a contest's entries refreshes these too. */
export const qcRefusalsQueryOptions = (contestId: string) =>
  queryOptions({
    queryKey: [...entriesQueryKey, 'contest', contestId, 'qc-refusals'],
    queryFn: () => getQcRefusals(contestId),
    retry: false,
  });

/** GET /api/contests/{id}/qc-refusals/ — staff: submissions held at the technical check. */
export function getQcRefusals(contestId: string): Promise<QcRefusal[]> {
  return apiRequest<QcRefusal[]>(`/api/contests/${encodeURIComponent(contestId)}/qc-refusals/`);
}

/** POST /api/contests/{id}/qc-overrides/ — staff let a held submission through, with a reason. */
export function overrideHeldQc(contestId: string, body: ContestQcOverrideBody): Promise<QcOverride> {
  return apiRequest<QcOverride>(`/api/contests/${encodeURIComponent(contestId)}/qc-overrides/`, {
    method: 'POST',
    body,
  });
}

export function useQcRefusals(contestId: string) {
  return useQuery(qcRefusalsQueryOptions(contestId));
}

export function useOverrideHeldQc(contestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContestQcOverrideBody) => overrideHeldQc(contestId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: qcRefusalsQueryOptions(contestId).queryKey }),
  });
}
