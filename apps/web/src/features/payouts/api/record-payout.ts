import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { payoutsQueryKey } from './get-payouts';
import type { LedgerRow, RecordPayoutBody } from '@app/domain';

/** POST /api/payouts/ (staff): the earning was paid; once only (409 `already_paid`). */
export function recordPayout(body: RecordPayoutBody): Promise<LedgerRow> {
  return apiRequest<LedgerRow>('/api/payouts/', { method: 'POST', body });
}

export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutsQueryKey }),
  });
}
