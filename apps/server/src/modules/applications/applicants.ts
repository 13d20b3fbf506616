import type { DbOrTx } from '../../db/client';
import { namesOf } from '../accounts';
import { productNamesOf } from '../contests';
import { profileCardsOf } from '../creators';
import type { ApplicationRecord } from './applications.repository';

/** An application with its creator's account name and e-mail, profile country and avatar, and product. */
export type ApplicationRow = ApplicationRecord & {
  creatorEmail: string;
  firstName: string;
  lastName: string;
  country: string | null;
  avatarKey: string | null;
  product: { id: number; code: string; name: string };
};

/**
 * These applications with their applicants and products, asked of their owners (accounts, creators,
 * contests) once for the whole list: three queries, whatever the page size.
 */
export async function withApplicants(db: DbOrTx, rows: ApplicationRecord[]): Promise<ApplicationRow[]> {
  const userIds = rows.map((r) => r.userId);
  const [names, profiles, products] = await Promise.all([
    namesOf(db, userIds),
    profileCardsOf(db, userIds),
    productNamesOf(
      db,
      rows.map((r) => r.productId),
    ),
  ]);
  return rows.flatMap((row) => {
    const name = names.get(row.userId);
    const product = products.get(row.productId);
    if (!name || !product) return [];
    const profile = profiles.get(row.userId);
    // Set on the row just read rather than copied with it (as videos' `withNames`).
    return [
      Object.assign(row, {
        creatorEmail: name.email,
        firstName: name.firstName,
        lastName: name.lastName,
        country: profile?.country ?? null,
        avatarKey: profile?.avatarKey ?? null,
        product,
      }),
    ];
  });
}
