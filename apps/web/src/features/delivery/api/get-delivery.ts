import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Delivery } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const deliveryQueryKey = ['delivery'] as const;

/** GET /api/entries/{id}/delivery/ — staff and the contest's brand, a winning entry after results. */
export function getDelivery(entryId: string): Promise<Delivery> {
  return apiRequest<Delivery>(`/api/entries/${encodeURIComponent(entryId)}/delivery/`);
}

export const deliveryQueryOptions = (entryId: string) =>
  queryOptions({
    queryKey: [...deliveryQueryKey, entryId],
    queryFn: () => getDelivery(entryId),
    retry: false,
    // The links carry hour-long tokens: a page left open fetches fresh ones before they lapse.
    refetchInterval: 30 * 60_000,
  });

export function useDelivery(entryId: string) {
  return useQuery(deliveryQueryOptions(entryId));
}
