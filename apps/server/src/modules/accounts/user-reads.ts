import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAnyOf, prepared } from '../../db/prepared';
import { brands, users } from '../../db/schema/index';

/** A user's name, e-mail address and role, as other modules show who someone is. */
export interface UserName {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

/**
 * The names, e-mail addresses and roles of these users, by id, in one query: what other modules ask
 * accounts instead of reading `users` themselves. Ids without a user are absent from the map.
 */
export async function namesOf(db: DbOrTx, userIds: number[]): Promise<Map<number, UserName>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  // Every page that shows people asks (the library, the ranking, the review queue): one prepared
  // statement for any number of ids, sent as one array parameter.
  const statement = prepared(db, 'accounts_names_of', (statementName) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
      })
      .from(users)
      .where(isAnyOf(users.id))
      .prepare(statementName),
  );
  const rows = await statement.execute({ ids });
  return new Map(rows.map((row) => [row.id, row]));
}

/** The names of these brands, by id, in one query (the delivery and certificate name the brand). */
export async function brandNamesOf(db: DbOrTx, brandIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(brandIds)];
  if (!ids.length) return new Map();
  // The library's pages ask too: prepared, like `namesOf`.
  const statement = prepared(db, 'accounts_brand_names_of', (statementName) =>
    db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(isAnyOf(brands.id))
      .prepare(statementName),
  );
  const rows = await statement.execute({ ids });
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The id of the account with this e-mail address (as stored), if any. */
export async function userIdByEmail(db: DbOrTx, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

/** What the audience award asks of a voter (issue 50): verified or not, when made, its address. */
export async function voterFactsOf(
  db: DbOrTx,
  userId: number,
): Promise<{ verified: boolean; createdAt: Date; email: string } | undefined> {
  const [row] = await db
    .select({ verified: users.isActive, createdAt: users.createdAt, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
