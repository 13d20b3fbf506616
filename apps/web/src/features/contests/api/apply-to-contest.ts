import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type ApplicationPayload, type ApplicationResponse } from '@app/domain';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { contestProductsQueryKey } from './get-contest-products';

/** The application with the SHA-256 of the agreement text the creator read (issue 31). */
export type ApplyPayload = ApplicationPayload & { agreement_sha256?: string };

/** POST /api/contests/{id}/apply/ — the response is returned as is (spec §7). */
export function applyToContest(contestRef: string, payload: ApplyPayload): Promise<ApplicationResponse> {
  return apiRequest<ApplicationResponse>(`/api/contests/${encodeURIComponent(contestRef)}/apply/`, {
    method: 'POST',
    body: payload,
  });
}

/**
 * The message of a failed application (spec §8): the server's detail; else 'Terms must be
 * accepted' when terms_accepted has errors; else 'Invalid contest application' when contest has
 * errors; else 'Failed to apply to contest'. No response at all: 'Network error while applying to contest'.
 */
export function applicationErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.application.failed;
  if (error.status === 0) return MESSAGES.application.network;
  if (error.detail) return error.detail;
  const fields = error.fieldErrors();
  if (fields.terms_accepted?.length) return MESSAGES.application.termsRequired;
  if (fields.contest?.length) return MESSAGES.application.invalidContest;
  return MESSAGES.application.failed;
}

export function useApplyToContest(contestRef: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ApplyPayload) => applyToContest(contestRef, payload),
    // Stock changed either way (reserved, or found to be gone): re-read it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: contestProductsQueryKey(contestRef) }),
  });
}
