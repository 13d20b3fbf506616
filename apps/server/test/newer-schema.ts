import type { DatabaseHandle } from '../src/db/client';
import { knownMigrations } from '../src/db/schema-version';

/**
 * Records `count` migrations newer than this build's last, as drizzle's migrator would have after a
 * newer build migrated the database: rows with later journal timestamps (no schema change).
 */
export async function recordNewerMigrations(
  handle: Pick<DatabaseHandle, 'query'>,
  count: number,
): Promise<void> {
  const last = knownMigrations().at(-1)!.when;
  for (let n = 1; n <= count; n++)
    await handle.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      `newer-build-${n}`,
      last + n * 60_000,
    ]);
}
