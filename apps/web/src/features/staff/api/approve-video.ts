import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewQueueQueryKey } from './get-review-queue';
import { type StaffVideo } from '@app/domain';

/** POST /api/staff/videos/{id}/approve/: the video becomes public in the library at once. */
export function approveVideo(id: number): Promise<StaffVideo> {
  return apiRequest<StaffVideo>(`/api/staff/videos/${id}/approve/`, { method: 'POST', body: {} });
}

/** Approves one video; the queue is read again whether it worked or another decision came first (409). */
export function useApproveVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveVideo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewQueueQueryKey }),
  });
}
