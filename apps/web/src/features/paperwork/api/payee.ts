import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payee, PayeeBody } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

const payeeQueryKey = ['payee'] as const;

/** GET /api/accounts/creators/payee/ — the creator's own details; null until entered. */
export function getPayee(): Promise<Payee | null> {
  return apiRequest<Payee | null>('/api/accounts/creators/payee/');
}

export const payeeQueryOptions = () => queryOptions({ queryKey: payeeQueryKey, queryFn: getPayee });

export function usePayee() {
  return useQuery(payeeQueryOptions());
}

/** PUT /api/accounts/creators/payee/ — enters or replaces them. */
export function useSavePayee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayeeBody) =>
      apiRequest<Payee>('/api/accounts/creators/payee/', { method: 'PUT', body }),
    onSuccess: (payee) => client.setQueryData(payeeQueryKey, payee),
  });
}
