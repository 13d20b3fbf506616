import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContestImageResponse,
  ContestResponse,
  CreateContestBody,
  ProductStockResponse,
  UpdateContestBody,
} from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { contestAdminQueryKey } from './get-brand-contests';

/** POST /api/contests/: staff publish at once; a brand user's contest is a draft. */
export function createContest(body: CreateContestBody): Promise<ContestResponse> {
  return apiRequest<ContestResponse>('/api/contests/', { method: 'POST', body });
}

/** PATCH /api/contests/{id}/ */
export function updateContest(id: number, body: UpdateContestBody): Promise<ContestResponse> {
  return apiRequest<ContestResponse>(`/api/contests/${id}/`, { method: 'PATCH', body });
}

/** POST /api/contests/{id}/publish/ or /archive/ (staff). */
export function setPublication(id: number, action: 'publish' | 'archive'): Promise<ContestResponse> {
  return apiRequest<ContestResponse>(`/api/contests/${id}/${action}/`, { method: 'POST', body: {} });
}

/** POST /api/contests/{id}/products/{product}/stock/ (staff): units in all. */
export function setProductStock(id: number, productId: number, total: number): Promise<ProductStockResponse> {
  return apiRequest<ProductStockResponse>(`/api/contests/${id}/products/${productId}/stock/`, {
    method: 'POST',
    body: { total },
  });
}

/** POST /api/contests/images/ (multipart): a banner or thumbnail, stored as WebP. */
export function uploadContestImage(file: File): Promise<ContestImageResponse> {
  const form = new FormData();
  form.append('image', file);
  return apiRequest<ContestImageResponse>('/api/contests/images/', { method: 'POST', body: form });
}

/** Every contest write refreshes what the console shows, and the public contest pages. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contestAdminQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['contests'] }),
    ]);
}

export function useSaveContest(contestId?: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateContestBody) =>
      contestId === undefined ? createContest(body) : updateContest(contestId, body as UpdateContestBody),
    onSuccess: invalidate,
  });
}

export function useSetPublication() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'publish' | 'archive' }) => setPublication(id, action),
    onSuccess: invalidate,
  });
}

export function useSetProductStock(contestId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ productId, total }: { productId: number; total: number }) =>
      setProductStock(contestId, productId, total),
    onSuccess: invalidate,
  });
}
