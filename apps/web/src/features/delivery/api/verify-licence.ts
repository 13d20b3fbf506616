import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenceVerification } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const licenceVerificationQueryKey = ['licence-verification'] as const;

/** GET /api/licences/{id}/verify/ — public: anyone holding the certificate checks its licence. */
export function verifyLicence(licenceId: string): Promise<LicenceVerification> {
  return apiRequest<LicenceVerification>(`/api/licences/${encodeURIComponent(licenceId)}/verify/`, {
    auth: false,
  });
}

export const licenceVerificationQueryOptions = (licenceId: string) =>
  queryOptions({
    queryKey: [...licenceVerificationQueryKey, licenceId],
    queryFn: () => verifyLicence(licenceId),
    retry: false,
  });

export function useLicenceVerification(licenceId: string) {
  return useQuery(licenceVerificationQueryOptions(licenceId));
}
