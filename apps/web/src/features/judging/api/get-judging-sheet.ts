import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { JudgingSheet } from '@app/domain';

export const judgingQueryKey = ['judging'] as const;

/** GET /api/contests/{id}/scores/: the entries to judge with the caller's own scores. */
export function getJudgingSheet(contestId: number): Promise<JudgingSheet> {
  return apiRequest<JudgingSheet>(`/api/contests/${contestId}/scores/`);
}

export const judgingSheetQueryOptions = (contestId: number) =>
  queryOptions({
    queryKey: [...judgingQueryKey, 'sheet', contestId] as const,
    queryFn: () => getJudgingSheet(contestId),
  });

export function useJudgingSheet(contestId: number) {
  return useQuery(judgingSheetQueryOptions(contestId));
}
