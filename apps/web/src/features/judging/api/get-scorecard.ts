import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { judgingQueryKey } from './get-judging-sheet';
import type { Scorecard } from '@app/domain';

/** GET /api/entries/{id}/scorecard/: the entrant's scorecard after publication. */
export function getScorecard(entryId: number): Promise<Scorecard> {
  return apiRequest<Scorecard>(`/api/entries/${entryId}/scorecard/`);
}

export const scorecardQueryOptions = (entryId: number) =>
  queryOptions({
    queryKey: [...judgingQueryKey, 'scorecard', entryId] as const,
    queryFn: () => getScorecard(entryId),
    retry: false,
  });

export function useScorecard(entryId: number) {
  return useQuery(scorecardQueryOptions(entryId));
}
