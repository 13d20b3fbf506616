import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PayoutList } from '@app/domain';

export const payoutsQueryKey = ['payouts'] as const;
export type PayoutStatus = PayoutList['status'];

/** GET /api/payouts/?status=pending|paid (staff): earnings with sums per creator. */
export function getPayouts(status: PayoutStatus): Promise<PayoutList> {
  return apiRequest<PayoutList>(`/api/payouts/?status=${status}`);
}

export const payoutsQueryOptions = (status: PayoutStatus) =>
  queryOptions({ queryKey: [...payoutsQueryKey, status] as const, queryFn: () => getPayouts(status) });

export function usePayouts(status: PayoutStatus) {
  return useQuery(payoutsQueryOptions(status));
}
