import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandRoleMay, type BrandAction, type MyBrand } from '@app/domain';
import { apiRequest } from './api-client';
import { useSession } from './session';

/** Every query of the brand's team starts with this key: a team change refreshes them all. */
export const brandTeamQueryKey = ['brand-team'] as const;
export const myBrandQueryKey = [...brandTeamQueryKey, 'mine'] as const;

/** GET /api/brands/mine/: the signed-in brand user's brand and role in its team. */
export function getMyBrand(): Promise<MyBrand> {
  return apiRequest<MyBrand>('/api/brands/mine/');
}

export const myBrandQueryOptions = () => queryOptions({ queryKey: myBrandQueryKey, queryFn: getMyBrand });

/** The signed-in brand user's brand and role (the Team page). */
export function useMyBrand() {
  return useQuery(myBrandQueryOptions());
}

/**
 * What the signed-in user's role in its brand's team allows (issue 49), as the domain's
 * `brandRoleMay` decides: screens hide what the role may not do (the server refuses it anyway).
 * A brand member may nothing until its role is known; anyone else (staff) is not limited by a
 * brand role, and the screen applies its own rule.
 */
export function useBrandRole(): {
  isBrand: boolean;
  /** Whether the role is known (always, for anyone but a brand member). */
  ready: boolean;
  may: (action: BrandAction) => boolean;
} {
  const isBrand = useSession()?.user.role === 'brand';
  const mine = useQuery({ ...myBrandQueryOptions(), enabled: isBrand });
  const role = mine.data?.role;
  return {
    isBrand,
    ready: !isBrand || role !== undefined,
    may: (action) => !isBrand || (role !== undefined && brandRoleMay(role, action)),
  };
}
