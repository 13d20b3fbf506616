import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { signedMediaRenewal } from '../../../lib/signed-media';
import type { StaffVideoListQuery, StaffVideoPage } from '@app/domain';
import { isStillProcessing } from '../../../components/processing-progress';

const PROCESSING_POLL_MS = 4_000;

/** A filter of the queue: staff's decision, or videos whose processing failed. */
export type StaffReviewFilter = StaffVideoListQuery['review'];

/** Every query of the staff console starts with this key. */
export const staffQueryKey = ['staff'] as const;
/** The review queue's pages (and the console's counts): invalidated after every decision. */
export const reviewQueueQueryKey = [...staffQueryKey, 'review-queue'] as const;

/** GET /api/staff/videos/?review=…&page=N: waiting videos come oldest first. */
export function getReviewQueue(review: StaffReviewFilter, page: number): Promise<StaffVideoPage> {
  return apiRequest<StaffVideoPage>(`/api/staff/videos/?review=${review}&page=${page}`);
}

export const reviewQueueQueryOptions = (review: StaffReviewFilter, page: number) =>
  queryOptions({
    queryKey: [...reviewQueueQueryKey, review, page] as const,
    queryFn: () => getReviewQueue(review, page),
    staleTime: 0,
    // While a video on the page is still being processed, its stage and percent update by themselves.
    refetchInterval: (query) =>
      query.state.data?.results.some(isStillProcessing)
        ? PROCESSING_POLL_MS
        : signedMediaRenewal(query.state.data),
  });

/** One page of the queue; the previous page stays on screen while the next one loads. */
export function useReviewQueue(review: StaffReviewFilter, page: number) {
  return useQuery({ ...reviewQueueQueryOptions(review, page), placeholderData: keepPreviousData });
}
