import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewQueueQueryKey } from './get-review-queue';
import { type BulkApproveBody, type BulkReviewResponse } from '@app/domain';

/** POST /api/staff/videos/approve/ `{ids}`: approves the selected videos in one call. */
export function bulkApproveVideos(ids: number[]): Promise<BulkReviewResponse> {
  const body: BulkApproveBody = { ids };
  return apiRequest<BulkReviewResponse>('/api/staff/videos/approve/', { method: 'POST', body });
}

export function useBulkApproveVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkApproveVideos,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewQueueQueryKey }),
  });
}
