import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';

/** A user's name and e-mail address, as other modules show who someone is. */
export interface UserName {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The names and e-mail addresses of these users, by id, in one query: what other modules ask
 * accounts instead of reading `users` themselves. Ids without a user are absent from the map.
 */
export async function namesOf(db: DbOrTx, userIds: number[]): Promise<Map<number, UserName>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}
