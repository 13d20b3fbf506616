import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Role, StaffUserPage } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { staffQueryKey } from './get-review-queue';

export const usersQueryKey = [...staffQueryKey, 'users'] as const;

export interface UsersFilter {
  role: Role | '';
  q: string;
  page: number;
}

/** GET /api/staff/users/?role=&q=&page=: every account, filtered by role and searched by e-mail or name. */
export function getUsers({ role, q, page }: UsersFilter): Promise<StaffUserPage> {
  // All roles: no role parameter (the API accepts only a role's name).
  const params = new URLSearchParams({ ...(role ? { role } : {}), q: q.trim(), page: String(page) });
  return apiRequest<StaffUserPage>(`/api/staff/users/?${params.toString()}`);
}

export const usersQueryOptions = (filter: UsersFilter) =>
  queryOptions({
    queryKey: [...usersQueryKey, filter] as const,
    queryFn: () => getUsers(filter),
  });

export function useUsers(filter: UsersFilter) {
  return useQuery({ ...usersQueryOptions(filter), placeholderData: keepPreviousData });
}
