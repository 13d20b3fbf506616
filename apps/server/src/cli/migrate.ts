import { configOrExit } from '../config/env';
import { migrateDatabase } from '../db/client';
import { openRuntimeDatabase } from '../db/runtime';
import { appliedMigrations, knownMigrations } from '../db/schema-version';
import { createLogger } from '../lib/logger';

/**
 * `npm run migrate`: applies this build's migrations, then exits. A deploy runs it once, before it
 * restarts the app and worker processes on the new build (docs/ARCHITECTURE.md, "Data and
 * migrations"). On DATABASE_URL; or on the embedded database in DATA_DIR, opened here when no
 * server holds it, else through the running server's socket (db/runtime.ts).
 */
async function main(): Promise<string> {
  const config = configOrExit();
  const log = createLogger({ ...config, LOG_LEVEL: 'warn' });
  const db = await openRuntimeDatabase(config, log, { share: false, migrate: false });
  try {
    const lastApplied = (await appliedMigrations(db.handle)).at(-1) ?? 0;
    await migrateDatabase(db.handle);
    // drizzle's migrator applies exactly the migrations of the journal after the last one applied.
    const applied = knownMigrations().filter((migration) => migration.when > lastApplied);
    const current = knownMigrations().at(-1)?.tag ?? 'no migration';
    if (!applied.length) return `The schema is up to date (${current}): no migration to apply.`;
    const range = applied.length === 1 ? current : `${applied[0]!.tag} … ${current}`;
    return `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (${range}): the schema is at ${current}.`;
  } finally {
    await db.close();
  }
}

main().then(
  (report) => process.stdout.write(`${report}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
