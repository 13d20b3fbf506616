import { queryOptions, useQuery } from '@tanstack/react-query';
import { FEATURED_CONTEST_ID, type ContestResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/contests/{id}/ for the contest the landing page promotes (id 1, spec §9). */
export function getFeaturedContest(): Promise<ContestResponse> {
  return apiRequest<ContestResponse>(`/api/contests/${FEATURED_CONTEST_ID}/`, { auth: false });
}

export const featuredContestQuery = queryOptions({
  queryKey: ['contests', 'detail', FEATURED_CONTEST_ID],
  queryFn: getFeaturedContest,
});

export function useFeaturedContest() {
  return useQuery(featuredContestQuery);
}
