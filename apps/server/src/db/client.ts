import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { MIGRATIONS_FOLDER, refuseNewerSchema } from './schema-version';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; code is written once against this type. */
export type Database = NodePgDatabase<Schema>;
/** A transaction handle, accepted wherever a Database is. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Raw SQL for libraries that bring their own (pg-boss). */
  query(text: string, values?: unknown[]): Promise<SqlResult>;
  /** The embedded instance, when there is one (exposed to the admin socket). */
  pglite?: PGlite;
  /** The server pool, when there is one. */
  pool?: pg.Pool;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export { MIGRATIONS_FOLDER };

/** Opens PGlite persisted in `dir` (or in memory for `memory://`). */
export async function openPglite(dir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  // Loaded on demand: a server on DATABASE_URL never pays for the WebAssembly database.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    async query(text, values) {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.flatMap((r) => r.rows as Record<string, unknown>[]) };
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Opens a node-postgres pool on a PostgreSQL server. A connection not made within
 * `connectTimeoutMs` fails (5 s: a server that does not answer is reported, not waited on).
 */
export function openPostgres(connectionString: string, max = 10, connectTimeoutMs = 5_000): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: connectTimeoutMs });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor may a checked-out one (inside a transaction, between two queries): pg emits 'error' on the
  // client itself, which has no listener while it is out of the pool, and the process would exit
  // on a PostgreSQL restart. The query in progress or the next one fails instead, and the
  // transaction's client is discarded when it is released with that error.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    driver: 'postgres',
    pool,
    query: (text, values) => pool.query(text, values as unknown[]),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/** Arbitrary constant shared by every process that migrates the same database. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the committed migrations; safe when several processes start at once. Refuses a database
 * a newer build migrated (NewerSchemaError, db/schema-version.ts), before touching it.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    await refuseNewerSchema(handle);
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // A session-level lock lives on one connection, so lock, migrate and unlock on the same client.
  const client = await handle.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await refuseNewerSchema(client);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
