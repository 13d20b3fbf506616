import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInsights } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/staff/insights/?days= (staff). */
export function getStaffInsights(days: number): Promise<StaffInsights> {
  return apiRequest<StaffInsights>(`/api/staff/insights/?days=${days}`);
}

export const staffInsightsQueryOptions = (days: number) =>
  queryOptions({ queryKey: ['insights', 'staff', days] as const, queryFn: () => getStaffInsights(days) });

export function useStaffInsights(days: number) {
  return useQuery(staffInsightsQueryOptions(days));
}
