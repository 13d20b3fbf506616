import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';

/** The maintenance database on the same server, for CREATE/DROP DATABASE. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export function templateName(): string {
  return `cc_template_${process.pid}`;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

/** A fresh database for one test file, copied from the migrated template; dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_DRIVER === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `cc_test_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres(adminUrl(url), 1);
    await createFromTemplate(admin, name, inject('pgTemplate'));
    const u = new URL(url);
    u.pathname = `/${name}`;
    const handle = openPostgres(u.toString(), 10);
    return {
      handle,
      async drop() {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.close();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const handle = await openPglite('memory://', new Blob([dump]));
  return { handle, drop: () => handle.close() };
}

/** Two CREATE DATABASE … TEMPLATE at once can collide ("being accessed by other users"): retry. */
async function createFromTemplate(admin: DatabaseHandle, name: string, template: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
