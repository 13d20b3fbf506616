import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewQueueQueryKey } from './get-review-queue';
import type { BulkDecisionBody } from './types';

/** POST /api/staff/videos/approve/ `{ids}`: approves the selected videos in one call. */
export function bulkApproveVideos(ids: number[]): Promise<unknown> {
  const body: BulkDecisionBody = { ids };
  return apiRequest<unknown>('/api/staff/videos/approve/', { method: 'POST', body });
}

export function useBulkApproveVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkApproveVideos,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewQueueQueryKey }),
  });
}
