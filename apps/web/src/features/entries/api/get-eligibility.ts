import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntryEligibility } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { entriesQueryKey } from './get-entry';

/** GET /api/contests/{id}/entries/eligibility/ — may the caller submit now, and if not, why. */
export function getEligibility(contestId: string): Promise<EntryEligibility> {
  return apiRequest<EntryEligibility>(`/api/contests/${encodeURIComponent(contestId)}/entries/eligibility/`);
}

export const eligibilityQueryOptions = (contestId: string) =>
  queryOptions({
    queryKey: [...entriesQueryKey, 'eligibility', contestId],
    queryFn: () => getEligibility(contestId),
    retry: false,
  });

export function useEligibility(contestId: string) {
  return useQuery(eligibilityQueryOptions(contestId));
}
