import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Release, ReleaseKind } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const releasesQueryKey = ['releases'] as const;

/** GET /api/entries/{id}/releases/ — the entrant, staff and the contest's brand. */
export function getReleases(entryId: number): Promise<Release[]> {
  return apiRequest<Release[]>(`/api/entries/${entryId}/releases/`);
}

export const releasesQueryOptions = (entryId: number) =>
  queryOptions({
    queryKey: [...releasesQueryKey, entryId],
    queryFn: () => getReleases(entryId),
    retry: false,
  });

export function useReleases(entryId: number) {
  return useQuery(releasesQueryOptions(entryId));
}

/** POST /api/entries/{id}/releases/ (multipart `kind`, `file`) — the entrant. */
export function fileRelease(entryId: number, kind: ReleaseKind, file: File): Promise<Release> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', file);
  return apiRequest<Release>(`/api/entries/${entryId}/releases/`, { method: 'POST', body: form });
}

/** POST /api/releases/{id}/approve/ or /reject/ — staff. */
export function decideRelease(id: number, decision: { approve: true } | { approve: false; reason: string }) {
  return decision.approve
    ? apiRequest<Release>(`/api/releases/${id}/approve/`, { method: 'POST' })
    : apiRequest<Release>(`/api/releases/${id}/reject/`, {
        method: 'POST',
        body: { reason: decision.reason },
      });
}

/** Filing and deciding releases; each refreshes the entry's list, then calls `onChanged`. */
export function useReleaseActions(entryId: number, onChanged?: () => void) {
  const client = useQueryClient();
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: [...releasesQueryKey, entryId] });
    onChanged?.();
  };
  return {
    file: useMutation({
      mutationFn: ({ kind, file }: { kind: ReleaseKind; file: File }) => fileRelease(entryId, kind, file),
      onSuccess: refresh,
    }),
    decide: useMutation({
      mutationFn: ({ id, ...decision }: { id: number } & Parameters<typeof decideRelease>[1]) =>
        decideRelease(id, decision),
      onSuccess: refresh,
    }),
  };
}
