import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewQueueQueryKey } from './get-review-queue';
import { type BulkRejectBody, type BulkReviewResponse } from '@app/domain';

/** POST /api/staff/videos/reject/ `{ids, reason}`: rejects the selected videos with one reason. */
export function bulkRejectVideos(body: BulkRejectBody): Promise<BulkReviewResponse> {
  return apiRequest<BulkReviewResponse>('/api/staff/videos/reject/', { method: 'POST', body });
}

export function useBulkRejectVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkRejectVideos,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewQueueQueryKey }),
  });
}
