import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DetailResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/accounts/auth/verify_email/{uid}/{token}/: a 200 means verified. */
export function verifyEmail(uid: string, token: string): Promise<DetailResponse> {
  return apiRequest<DetailResponse>(
    `/api/accounts/auth/verify_email/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`,
    {
      auth: false,
    },
  );
}

/** Runs once per link (the link is single use, so no retries and no refetching). */
export const verifyEmailQueryOptions = (uid: string, token: string) =>
  queryOptions({
    queryKey: ['verify-email', uid, token],
    queryFn: () => verifyEmail(uid, token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmail(uid: string, token: string, enabled: boolean) {
  return useQuery({ ...verifyEmailQueryOptions(uid, token), enabled });
}
