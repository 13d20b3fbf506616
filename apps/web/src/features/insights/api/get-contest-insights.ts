import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestInsights } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/brand/contests/{id}/insights/ (staff, the contest's brand). */
export function getContestInsights(contestId: string): Promise<ContestInsights> {
  return apiRequest<ContestInsights>(`/api/brand/contests/${encodeURIComponent(contestId)}/insights/`);
}

export const contestInsightsQueryOptions = (contestId: string) =>
  queryOptions({
    queryKey: ['insights', 'contest', contestId] as const,
    queryFn: () => getContestInsights(contestId),
  });

export function useContestInsights(contestId: string) {
  return useQuery(contestInsightsQueryOptions(contestId));
}
