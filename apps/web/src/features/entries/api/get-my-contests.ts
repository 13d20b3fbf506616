import { useQuery } from '@tanstack/react-query';
import type { CreatorContests } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { entriesQueryKey } from './get-entry';

/**
 * GET /api/accounts/creator/dashboard/ (creators): their contests, running, applied and ended, each
 * with the round it is in and whether they advanced (issue 47). The submit page reads it for
 * "advanced" (the dashboard's own read, /api/creator/dashboard/, carries videos too).
 */
export function getMyContests(): Promise<CreatorContests> {
  return apiRequest<CreatorContests>('/api/accounts/creator/dashboard/');
}

/** Whether the creator was advanced into the contest's current round; undefined while not known. */
export function useAdvancedInto(contestId: number): boolean | undefined {
  const contests = useQuery({
    queryKey: [...entriesQueryKey, 'my-contests'] as const,
    queryFn: getMyContests,
  });
  if (!contests.data) return undefined;
  const { running, applied, ended } = contests.data;
  return [...running, ...applied, ...ended].find((c) => c.id === contestId)?.advanced;
}
