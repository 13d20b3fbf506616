import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReleaseBody, ReleasePreview, ReleaseResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { contestAdminQueryKey } from './get-brand-contests';

const releaseUrl = (contestId: string) =>
  `/api/contests/${encodeURIComponent(contestId)}/applications/release/`;

/** GET /api/contests/{id}/applications/release/?older_than_days=: what a release would decline now (staff). */
export function getReleasePreview(contestId: string, olderThanDays: number): Promise<ReleasePreview> {
  const params = new URLSearchParams({ older_than_days: String(olderThanDays) });
  return apiRequest<ReleasePreview>(`${releaseUrl(contestId)}?${params.toString()}`);
}

/** The dry run for a threshold; off while the threshold is not a valid number of days. */
export function useReleasePreview(contestId: string, olderThanDays: number | null) {
  return useQuery({
    queryKey: [...contestAdminQueryKey, 'release-preview', contestId, olderThanDays] as const,
    queryFn: () => getReleasePreview(contestId, olderThanDays!),
    enabled: olderThanDays !== null,
    placeholderData: keepPreviousData,
    // Always what is pending now: staff confirm on these figures.
    staleTime: 0,
  });
}

/** POST /api/contests/{id}/applications/release/: declines them and returns their units (staff). */
export function releaseApplications(contestId: string, body: ReleaseBody): Promise<ReleaseResponse> {
  return apiRequest<ReleaseResponse>(releaseUrl(contestId), { method: 'POST', body });
}

/** The release; afterwards the applications list, the stock and the counts are read again. */
export function useReleaseApplications(contestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseBody) => releaseApplications(contestId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contestAdminQueryKey }),
  });
}
