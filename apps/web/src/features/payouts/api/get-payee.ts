import { useQuery } from '@tanstack/react-query';
import type { Payee } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/payouts/payees/{user_id}/ (staff; each read is audited): null until the creator enters them. */
export function getPayeeOf(userId: number): Promise<Payee | null> {
  return apiRequest<Payee | null>(`/api/payouts/payees/${userId}/`);
}

/** The payee of `userId` while a payout to them is being recorded (`null` user: nothing is read). */
export function usePayeeOf(userId: number | null) {
  return useQuery({
    queryKey: ['payouts', 'payee', userId],
    queryFn: () => getPayeeOf(userId!),
    enabled: userId !== null,
    staleTime: 0,
  });
}
