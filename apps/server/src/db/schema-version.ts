import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFile } from '../lib/server-dir';

export const MIGRATIONS_FOLDER = sourceFile('db', 'migrations');

/** A migration of this build, as drizzle-kit's journal lists it. */
export interface KnownMigration {
  tag: string;
  /** The journal's timestamp: what drizzle's migrator records as `created_at` once it ran. */
  when: number;
}

/** Raw SQL on a pool or on one connection (the migration lock's). */
interface Sql {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The migrations this build has, oldest first. */
export function knownMigrations(): KnownMigration[] {
  const journalFile = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: KnownMigration[] }).entries;
}

/** The `created_at` of every migration applied to the database, oldest first (none on a new one). */
export async function appliedMigrations(sql: Sql): Promise<number[]> {
  const { rows } = await sql.query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!rows[0]?.present) return [];
  const applied = await sql.query('select created_at from drizzle.__drizzle_migrations order by created_at');
  return applied.rows.map((row) => Number(row.created_at));
}

/** A database migrated by a build newer than this one. */
export class NewerSchemaError extends Error {}

/** The refusal's one line; migrations by their number in the migrations folder (0027_…). */
export function newerSchemaMessage(appliedNumber: number, knownNumber: number): string {
  const number = (n: number) => String(n).padStart(4, '0');
  return (
    `The database schema is newer than this code (migration ${number(appliedNumber)} applied, ` +
    `this build knows up to ${number(knownNumber)}): deploy the newer build or restore a matching backup`
  );
}

/**
 * Throws a NewerSchemaError when the database holds migrations recorded after this build's last
 * one: a newer build migrated it. drizzle's migrator would then apply nothing and say nothing, and
 * this build's queries would run on a schema they were not written for.
 */
export async function refuseNewerSchema(sql: Sql): Promise<void> {
  const known = knownMigrations();
  const lastKnown = known.at(-1)?.when ?? 0;
  const newer = (await appliedMigrations(sql)).filter((createdAt) => createdAt > lastKnown).length;
  if (newer) throw new NewerSchemaError(newerSchemaMessage(known.length - 1 + newer, known.length - 1));
}
