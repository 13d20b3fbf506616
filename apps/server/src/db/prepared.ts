import { randomBytes } from 'node:crypto';
import { Column, is, SQL, sql, Subquery, type SQLWrapper } from 'drizzle-orm';
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
  if (!byName.has(name)) byName.set(name, withFlatRowMapper(build(`${name}_${processMark}`)));
  return byName.get(name) as T;
}

/** What Drizzle's prepared select keeps of its selection (drizzle-orm's session classes). */
interface SelectStatement {
  fields?: Array<{ path: string[]; field: unknown }>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * Rows of a flat selection (one level of fields, as every prepared read here selects) are mapped
 * with each column's decoder looked up once per statement. Drizzle's `mapResultRow` looks it up
 * for every row and column (`is()` checks through the prototype chain, a path walk, a reduce):
 * ~10% of the reviewers' entries list's CPU (400 rows a request), gone with this
 * (`bench/full/profile.ts`; measured in docs/benchmarks.md). Same values: each column's own
 * `mapFromDriverValue`, a null stays null. Nested selections keep Drizzle's own mapping.
 */
function withFlatRowMapper<T>(statement: T): T {
  const select = statement as SelectStatement;
  const fields = select.fields;
  if (!fields?.length || select.customResultMapper || fields.some((f) => f.path.length !== 1))
    return statement;
  const names = fields.map((f) => f.path[0]!);
  const decoders = fields.map(({ field }) => decoderOf(field));
  select.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) {
        const value = row[i];
        mapped[names[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return mapped;
    });
  return statement;
}

/** The decoder Drizzle's `mapResultRow` picks for a selected field (an SQL's is internal). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const decoding = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoding(field);
  if (is(field, Subquery)) return decoding(field._.sql as SQL);
  return decoding((field as SQL.Aliased).sql);
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
