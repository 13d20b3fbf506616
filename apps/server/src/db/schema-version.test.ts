import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { migrateDatabase } from './client';
import { recordNewerMigrations } from '../../test/newer-schema';
import { knownMigrations, newerSchemaMessage } from './schema-version';

/**
 * Schema changes on deploy (operations issue): a process of an older build never runs on a schema
 * a newer build migrated, which it cannot read correctly; it refuses to start with one line.
 */
describe('a database migrated by a newer build', () => {
  let database: TestDatabase;
  const appliedCount = async () =>
    (await database.handle.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('is migrated as usual when it holds only the migrations this build knows', async () => {
    await migrateDatabase(database.handle);
    expect(await appliedCount()).toEqual({ n: knownMigrations().length });
  });

  // After the test above: the same database, now also migrated by a newer build.
  it('is refused before any migration runs, naming the newest migration each side knows', async () => {
    await recordNewerMigrations(database.handle, 4);
    const known = knownMigrations().length;
    const message = newerSchemaMessage(known - 1 + 4, known - 1);
    // The numbers as a person reads them in the migrations folder: 0031 and 0027 for 28 known.
    expect(message).toBe(
      `The database schema is newer than this code (migration ${String(known + 3).padStart(4, '0')} applied, ` +
        `this build knows up to ${String(known - 1).padStart(4, '0')}): deploy the newer build or restore a matching backup`,
    );
    await expect(migrateDatabase(database.handle)).rejects.toThrow(message);
    expect(await appliedCount()).toEqual({ n: known + 4 });
  });
});
