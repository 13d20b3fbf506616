import type { BrandContest, BrandOption } from '@app/domain';
import type { ContestAccess } from './contest-access';
import { brandsRunBy } from './contests.policy';
import type { ApplicationCounts, ContestsPorts } from './contests.ports';
import { toBrandContest } from './contests.presenter';
import * as repo from './contests.repository';
import { brandNamesOf, listBrandOptions } from '../accounts';
import type { Caller } from '../../plugins/auth';

const NO_APPLICATIONS: ApplicationCounts = { pending: 0, selected: 0, declined: 0, withdrawn: 0, shipped: 0 };

/** What staff and brand users see of the contests they run: the brand dashboard and its brands. */
export function brandDashboard({ db }: ContestAccess) {
  return {
    /** The brands a contest can be created for: all for staff, its own for a brand user. */
    async brandOptions(user: Caller): Promise<BrandOption[]> {
      const brands = brandsRunBy(user);
      if (brands === 'none') return [];
      return listBrandOptions(db, brands === 'all' ? null : brands.brandId);
    },

    /** The brand dashboard: the brand's contests (staff: every contest), drafts included, with counts. */
    async managedContests(user: Caller, ports: ContestsPorts): Promise<BrandContest[]> {
      const brands = brandsRunBy(user);
      if (brands === 'none') return [];
      const rows = await repo.listManagedContests(db, brands === 'all' ? null : brands.brandId);
      const contestIds = rows.map((row) => row.id);
      const [brandNames, applications, entries] = await Promise.all([
        brandNamesOf(
          db,
          rows.map((row) => row.brandId),
        ),
        ports.applicationCountsOf(db, contestIds),
        ports.entryCountsOf(db, contestIds),
      ]);
      return rows.flatMap((row) => {
        const brandName = brandNames.get(row.brandId);
        return brandName === undefined
          ? []
          : [
              toBrandContest({
                ...row,
                brandName,
                counts: applications.get(row.id) ?? NO_APPLICATIONS,
                entries: entries.get(row.id) ?? 0,
              }),
            ];
      });
    },
  };
}
