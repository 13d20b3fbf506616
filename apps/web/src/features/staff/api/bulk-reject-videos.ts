import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewQueueQueryKey } from './get-review-queue';
import type { BulkDecisionBody } from './types';

/** POST /api/staff/videos/reject/ `{ids, reason}`: rejects the selected videos with one reason. */
export function bulkRejectVideos(body: Required<BulkDecisionBody>): Promise<unknown> {
  return apiRequest<unknown>('/api/staff/videos/reject/', { method: 'POST', body });
}

export function useBulkRejectVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkRejectVideos,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewQueueQueryKey }),
  });
}
