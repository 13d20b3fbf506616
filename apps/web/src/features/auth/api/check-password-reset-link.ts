import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DetailResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/accounts/auth/password/reset/confirm/{uidb64}/{token}/: a 400 means used or expired. */
export function checkPasswordResetLink(uidb64: string, token: string): Promise<DetailResponse> {
  return apiRequest<DetailResponse>(
    `/api/accounts/auth/password/reset/confirm/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`,
    { auth: false },
  );
}

/** Checked once when the page opens, so a used link says so before a password is typed. */
export const resetLinkQueryOptions = (uidb64: string, token: string) =>
  queryOptions({
    queryKey: ['password-reset-link', uidb64, token],
    queryFn: () => checkPasswordResetLink(uidb64, token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useResetLinkCheck(uidb64: string, token: string, enabled: boolean) {
  return useQuery({ ...resetLinkQueryOptions(uidb64, token), enabled });
}
