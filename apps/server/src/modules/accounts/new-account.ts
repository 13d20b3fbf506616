import type { DbOrTx } from '../../db/client';
import { hasCreatorProfile } from './accounts.policy';
import * as repo from './accounts.repository';
import type { CreatorProfilesPort } from './creator-profile-port';

/**
 * Inserts an account with its empty profile (creators and brands have one; staff none); undefined
 * when the e-mail is taken. Every way an account is made goes through here.
 */
export async function insertAccountWithProfile(
  db: DbOrTx,
  creatorProfiles: CreatorProfilesPort,
  values: Parameters<typeof repo.insertAccount>[1],
) {
  const row = await repo.insertAccount(db, values);
  if (row && hasCreatorProfile(row.role)) await creatorProfiles.createEmpty(db, row.id);
  return row;
}
