import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgreementChanged, AgreementResponse, UpdateAgreementBody } from '@app/domain';
import { ApiError, apiRequest } from './api-client';
import { useSession } from './session';

/**
 * GET /api/contests/{id}/agreement/[?version=N]: a contest's agreement (issue 31), shared by the
 * agreement page, the application wizard, Submit Video and the staff editor. Keyed by the signed-in
 * user too: the answer carries the caller's own acceptance.
 */
export function getContestAgreement(
  contestId: number | string,
  version?: number,
): Promise<AgreementResponse> {
  const query = version === undefined ? '' : `?version=${version}`;
  return apiRequest<AgreementResponse>(
    `/api/contests/${encodeURIComponent(String(contestId))}/agreement/${query}`,
  );
}

export const contestAgreementKey = (contestId: number | string) => [
  'contests',
  'agreement',
  String(contestId),
];

export const contestAgreementQuery = (contestId: number | string, userId: number | null, version?: number) =>
  queryOptions({
    queryKey: [...contestAgreementKey(contestId), version ?? 'current', userId] as const,
    queryFn: () => getContestAgreement(contestId, version),
  });

export function useContestAgreement(contestId: number | string, options: { version?: number } = {}) {
  const session = useSession();
  return useQuery(contestAgreementQuery(contestId, session?.user.id ?? null, options.version));
}

/** PUT /api/contests/{id}/agreement/ (staff): the saved version. */
export function useSaveContestAgreement(contestId: number | string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAgreementBody) =>
      apiRequest<AgreementResponse>(`/api/contests/${encodeURIComponent(String(contestId))}/agreement/`, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: contestAgreementKey(contestId) }),
  });
}

/** The current version a 409 `agreement_changed` names, or null for any other error. */
export function agreementChangedIn(error: unknown): AgreementChanged['current'] | null {
  if (!(error instanceof ApiError) || error.code !== 'agreement_changed') return null;
  const current = (error.body as Partial<AgreementChanged>).current;
  return current && typeof current.sha256 === 'string' ? current : null;
}
