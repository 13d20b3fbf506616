import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../src/db/client';
import { startQueue } from '../src/jobs/queue';
import { adminUrl, templateName } from './databases';

/**
 * Migrates one template database per run; every test file then starts from a copy of it
 * (a PGlite data-dir dump, or CREATE DATABASE … TEMPLATE on PostgreSQL).
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: 'silent' });
  if (process.env.TEST_DB_DRIVER === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
    const template = templateName();
    const admin = openPostgres(adminUrl(url), 1);
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const handle = openPostgres(withDatabase(url, template), 2);
    await migrateDatabase(handle);
    const queue = await startQueue(handle, { log });
    await queue.stop();
    await handle.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.close();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-template-'));
  const handle = await openPglite('memory://');
  await migrateDatabase(handle);
  const queue = await startQueue(handle, { log });
  await queue.stop();
  const dump = await handle.pglite!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteTemplate: string;
  }
}
