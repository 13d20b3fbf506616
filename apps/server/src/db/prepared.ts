import { randomBytes } from 'node:crypto';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * This process's mark on the names of its prepared statements. A PostgreSQL server keeps them per
 * connection, but the embedded database has one session for everyone: the admin CLI reaching a
 * running server's PGlite through its socket shares it with the server, and a second `PREPARE` of
 * the same name there fails ("prepared statement … already exists").
 */
const processMark = randomBytes(4).toString('hex');

/**
 * Statements prepared once per database handle and query shape: the SQL is built once (Drizzle's
 * query building took a fifth of a list request's time, and most of a primary-key read's) and
 * PostgreSQL parses it once per connection. `name` must be unique per shape across the app;
 * `build` prepares the statement under the name it is given (`name` with this process's mark).
 */
const statements = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: DbOrTx, name: string, build: (statementName: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, build(`${name}_${processMark}`));
  return byName.get(name) as T;
}

/**
 * `column = any($name::integer[])`: a list of ids sent as one array parameter, so that one
 * prepared statement serves a list of any length. Built with `in ($1, …, $100)` instead, the
 * reviewers' entries list spent a fifth of its JavaScript building its six id-list statements on
 * every request (`bench/full/profile.ts`), and PostgreSQL parsed each anew.
 */
export function isAnyOf(column: SQLWrapper, name = 'ids'): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::integer[])`;
}
