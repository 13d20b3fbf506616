import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewQueueQueryKey } from './get-review-queue';
import { type StaffVideo } from '@app/domain';

/** POST /api/staff/videos/{id}/reject/ `{reason}`: the video stays private; its owner sees the reason. */
export function rejectVideo({ id, reason }: { id: number; reason: string }): Promise<StaffVideo> {
  return apiRequest<StaffVideo>(`/api/staff/videos/${id}/reject/`, { method: 'POST', body: { reason } });
}

/** Rejects one video; the queue is read again whether it worked or another decision came first (409). */
export function useRejectVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectVideo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewQueueQueryKey }),
  });
}
