import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { openRuntimeDatabase, type RuntimeDatabase } from './runtime';

describe("the embedded database shared on its socket (the admin CLI's and worker's way in)", () => {
  let dataDir: string;
  let runtime: RuntimeDatabase;
  const connect = async () => {
    const client = new pg.Client({
      host: dataDir,
      port: 5432,
      user: 'postgres',
      database: 'postgres',
      connectionTimeoutMillis: 5_000,
    });
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'runtime-socket-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WORKERS: 'false' });
    runtime = await openRuntimeDatabase(config, pino({ level: 'silent' }), { share: true, migrate: false });
  });
  afterAll(async () => {
    await runtime?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets a new client in while the server is inside a transaction, and keeps out of that transaction', async () => {
    const pglite = runtime.handle.pglite!;
    await pglite.exec('create table marks (n int)');
    // An earlier client came and went (the socket remembers whom it served last).
    const earlier = await connect();
    await earlier.query('select 1');
    await earlier.end();

    let arriving: Promise<{ client: pg.Client; marks: unknown }> | undefined;
    let served = false;
    await pglite.transaction(async (tx) => {
      await tx.query('insert into marks values (1)');
      // A command connects while the server's transaction is open: it waits for the transaction
      // to end, then is served (before, its first message stayed queued past its timeout).
      arriving = connect().then(async (client) => {
        served = true;
        return { client, marks: (await client.query('select count(*)::int as n from marks')).rows[0] };
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(served).toBe(false);
      await tx.rollback();
    });
    const { client: later, marks } = await arriving!;
    // It saw the database after the server's transaction, not the row that transaction undid.
    expect(marks).toEqual({ n: 0 });
    await later.end();
  });
});
