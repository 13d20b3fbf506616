import type { DbOrTx } from './client';

/**
 * Statements prepared once per database handle and query shape: the SQL is built once (Drizzle's
 * query building took a fifth of a list request's time, and most of a primary-key read's) and
 * PostgreSQL parses it once per connection. `name` must be unique per shape across the app.
 */
const statements = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: DbOrTx, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, build());
  return byName.get(name) as T;
}
