import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Audience,
  AudienceAward,
  AudienceSetupBody,
  AudienceTally,
  CastVote,
  ReleaseVotesBody,
  VoidVotesBody,
  VoteCluster,
} from '@app/domain';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { sessionStore, useSession } from '../../../lib/session';

/** Every audience query of a contest starts with this key (a vote or a staff action refreshes them). */
export const audienceKey = (contestId: number | string) => ['audience', String(contestId)] as const;

/**
 * GET /api/contests/{id}/audience/ (public), per visitor: a signed-in visitor's answer carries their
 * votes, so it is not the signed-out one a live page arrives with (`viewer` 0).
 */
export const audienceQueryOptions = (contestId: number | string, viewer = 0) =>
  queryOptions({
    queryKey: [...audienceKey(contestId), 'gallery', viewer] as const,
    queryFn: () => apiRequest<Audience>(`/api/contests/${contestId}/audience/`, { auth: viewer !== 0 }),
  });

/** The gallery: the signed-out answer shows until a signed-in visitor's own arrives. */
export function useAudience(contestId: number | string, enabled = true) {
  const viewer = useSession()?.user.id ?? 0;
  return useQuery({
    ...audienceQueryOptions(contestId, viewer),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/contests/{id}/audience/tally/: everyone after the close; staff and the brand always. */
export const audienceTallyQueryOptions = (contestId: number | string) =>
  queryOptions({
    queryKey: [...audienceKey(contestId), 'tally'] as const,
    queryFn: () => apiRequest<AudienceTally>(`/api/contests/${contestId}/audience/tally/`),
  });

export function useAudienceTally(contestId: number | string, enabled: boolean) {
  return useQuery({ ...audienceTallyQueryOptions(contestId), enabled });
}

/** GET /api/contests/{id}/audience/clusters/ (staff). */
export function useVoteClusters(contestId: number | string) {
  return useQuery({
    queryKey: [...audienceKey(contestId), 'clusters'] as const,
    queryFn: () => apiRequest<VoteCluster[]>(`/api/contests/${contestId}/audience/clusters/`),
  });
}

function useAudienceMutation<Body, Result>(
  contestId: number | string,
  send: (body: Body) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: audienceKey(contestId) }),
  });
}

/** POST /api/contests/{id}/votes/: one vote, final. */
export const useCastVote = (contestId: number | string) =>
  useAudienceMutation(contestId, (entryId: number) =>
    apiRequest<CastVote>(`/api/contests/${contestId}/votes/`, {
      method: 'POST',
      body: { entry_id: entryId },
    }),
  );

/** PUT /api/contests/{id}/audience/ (staff; the brand's owners and managers). */
export const useSetUpAudience = (contestId: number | string) =>
  useAudienceMutation(contestId, (body: AudienceSetupBody) =>
    apiRequest<Audience>(`/api/contests/${contestId}/audience/`, { method: 'PUT', body }),
  );

/** POST /api/contests/{id}/votes/void/ (staff). */
export const useVoidVotes = (contestId: number | string) =>
  useAudienceMutation(contestId, (body: VoidVotesBody) =>
    apiRequest<{ voided: number }>(`/api/contests/${contestId}/votes/void/`, { method: 'POST', body }),
  );

/** POST /api/contests/{id}/votes/release/ (staff). */
export const useReleaseVotes = (contestId: number | string) =>
  useAudienceMutation(contestId, (body: ReleaseVotesBody) =>
    apiRequest<{ released: number }>(`/api/contests/${contestId}/votes/release/`, { method: 'POST', body }),
  );

/** POST /api/contests/{id}/audience/award/ (staff, after the close). */
export const useAwardAudience = (contestId: number | string) =>
  useAudienceMutation(contestId, () =>
    apiRequest<AudienceAward>(`/api/contests/${contestId}/audience/award/`, { method: 'POST' }),
  );

/**
 * GET /api/contests/{id}/votes.csv (staff), fetched with the bearer token (a plain link carries
 * none): the download, and the suspect votes the staff page lists for release.
 */
export async function fetchVotesCsv(contestId: number | string): Promise<string> {
  const token = sessionStore.get()?.access;
  const response = await fetch(`/api/contests/${contestId}/votes.csv`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, 'The votes could not be exported.');
  return response.text();
}

export function useVotesCsv(contestId: number | string) {
  return useQuery({
    queryKey: [...audienceKey(contestId), 'csv'] as const,
    queryFn: () => fetchVotesCsv(contestId),
  });
}
