import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntryLicence, LicenceExtension, ProposeExtensionBody } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const entryLicenceQueryKey = ['entry-licence'] as const;

/** GET /api/entries/{id}/licence/ — the creator, the contest's brand and staff; a placed entry after results. */
export function getEntryLicence(entryId: number): Promise<EntryLicence> {
  return apiRequest<EntryLicence>(`/api/entries/${entryId}/licence/`);
}

export const entryLicenceQueryOptions = (entryId: number) =>
  queryOptions({
    queryKey: [...entryLicenceQueryKey, entryId],
    queryFn: () => getEntryLicence(entryId),
    retry: false,
  });

export function useEntryLicence(entryId: number) {
  return useQuery(entryLicenceQueryOptions(entryId));
}

/** POST /api/licences/{id}/extensions/ — staff and the brand's owners and managers. */
export function proposeExtension(licenceId: string, body: ProposeExtensionBody): Promise<LicenceExtension> {
  return apiRequest<LicenceExtension>(`/api/licences/${encodeURIComponent(licenceId)}/extensions/`, {
    method: 'POST',
    body,
  });
}

/** POST /api/licence-extensions/{id}/accept/ or /decline/ — the licence's creator. */
export function answerExtension(
  extensionId: number,
  answer: 'accept' | 'decline',
): Promise<LicenceExtension> {
  return apiRequest<LicenceExtension>(`/api/licence-extensions/${extensionId}/${answer}/`, {
    method: 'POST',
  });
}

/** The licence is read again after a proposal or an answer (its end and extensions change). */
function useRefreshLicence(entryId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: entryLicenceQueryOptions(entryId).queryKey });
}

export function useProposeExtension(entryId: number, licenceId: string) {
  const refresh = useRefreshLicence(entryId);
  return useMutation({
    mutationFn: (body: ProposeExtensionBody) => proposeExtension(licenceId, body),
    onSettled: refresh,
  });
}

export function useAnswerExtension(entryId: number) {
  const refresh = useRefreshLicence(entryId);
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) => answerExtension(id, answer),
    onSettled: refresh,
  });
}
