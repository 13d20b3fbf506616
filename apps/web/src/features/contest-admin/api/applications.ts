import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationSort,
  ApplicationStatus,
  ManagedApplication,
  ManagedApplicationPage,
  ShipmentBody,
} from '@app/domain';
import { apiRequest, ApiError } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { saveFile } from '../../../lib/save-file';
import { contestAdminQueryKey } from './get-brand-contests';

export interface ApplicationsFilter {
  status: ApplicationStatus | '';
  product: number | '';
  sort: ApplicationSort;
  page: number;
}

/** GET /api/contests/{id}/applications/?status=&product=&sort=&page= */
export function getApplications(
  contestId: string,
  filter: ApplicationsFilter,
): Promise<ManagedApplicationPage> {
  const params = new URLSearchParams({ sort: filter.sort, page: String(filter.page) });
  if (filter.status) params.set('status', filter.status);
  if (filter.product) params.set('product', String(filter.product));
  return apiRequest<ManagedApplicationPage>(
    `/api/contests/${encodeURIComponent(contestId)}/applications/?${params.toString()}`,
  );
}

export function useApplications(contestId: string, filter: ApplicationsFilter) {
  return useQuery({
    queryKey: [...contestAdminQueryKey, 'applications', contestId, filter] as const,
    queryFn: () => getApplications(contestId, filter),
    placeholderData: keepPreviousData,
  });
}

export type ApplicationAction =
  | { kind: 'select' | 'decline' | 'withdraw'; id: number; note: string }
  | { kind: 'shipment'; id: number; shipment: ShipmentBody }
  | { kind: 'delivered'; id: number };

/** POST /api/applications/{id}/select/ | decline/ | withdraw/ | shipment/ | delivered/ */
export function actOnApplication(action: ApplicationAction): Promise<ManagedApplication> {
  const body =
    action.kind === 'shipment' ? action.shipment : action.kind === 'delivered' ? {} : { note: action.note };
  return apiRequest<ManagedApplication>(`/api/applications/${action.id}/${action.kind}/`, {
    method: 'POST',
    body,
  });
}

export function useApplicationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contestAdminQueryKey }),
  });
}

/** GET /api/contests/{id}/shipping.csv with the session's token, saved as a file. */
export async function downloadShippingCsv(contestId: string, fileName: string): Promise<void> {
  const token = sessionStore.get()?.access;
  const response = await fetch(`/api/contests/${encodeURIComponent(contestId)}/shipping.csv`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, 'The shipping list could not be exported.');
  saveFile(await response.blob(), fileName);
}
