import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Config } from '../config/env';
import { migrateDatabase, openPglite, openPostgres, type DatabaseHandle } from './client';
import { refuseNewerSchema } from './schema-version';

/**
 * PGlite is one process's database. The process that owns DATA_DIR/pglite exposes it on a
 * PostgreSQL-protocol unix socket in DATA_DIR, and other processes (admin CLI, worker) connect to
 * that socket with the ordinary `pg` driver instead of opening the data dir a second time.
 */
const SOCKET_PORT = 5432;
const socketFile = (dataDir: string) => path.join(dataDir, `.s.PGSQL.${SOCKET_PORT}`);
const lockFile = (dataDir: string) => path.join(dataDir, 'pglite.pid');
const socketUrl = (dataDir: string) =>
  `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dataDir)}&port=${SOCKET_PORT}`;

export interface RuntimeDatabase {
  handle: DatabaseHandle;
  /** Stops the socket, closes the database and releases the data dir. */
  close(): Promise<void>;
}

/**
 * Opens the database for this process: the PostgreSQL server when DATABASE_URL is set, the running
 * server's embedded database through its socket when one holds DATA_DIR, else the embedded
 * database itself (and, with `share`, exposes it to other processes). With `migrate`, applies the
 * migrations (the running server's database: only checks it is not newer than this build).
 */
export async function openRuntimeDatabase(
  config: Config,
  log: Logger,
  options: { share: boolean; migrate: boolean },
): Promise<RuntimeDatabase> {
  if (config.DATABASE_URL) {
    const handle = openPostgres(config.DATABASE_URL);
    if (options.migrate) await migrateDatabase(handle);
    return { handle, close: () => handle.close() };
  }
  if (await isHeldByAnotherProcess(config.DATA_DIR)) {
    log.debug('using the running server database through its socket');
    // The running server answers on its socket between its own queries: on a busy machine a
    // command waits its turn (up to 30 s) rather than failing after the usual 5 s.
    const handle = openPostgres(socketUrl(config.DATA_DIR), 1, 30_000);
    // The server migrated it when it started; a process of an older build still must not use it.
    if (options.migrate) await refuseNewerSchema(handle);
    return { handle, close: () => handle.close() };
  }
  writeFileSync(lockFile(config.DATA_DIR), String(process.pid));
  const handle = await openPglite(path.join(config.DATA_DIR, 'pglite'));
  if (options.migrate) await migrateDatabase(handle);
  let socketServer: PGLiteSocketServer | undefined;
  if (options.share) {
    rmSync(socketFile(config.DATA_DIR), { force: true });
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    socketServer = new PGLiteSocketServer({
      db: sharedWithSockets(handle.pglite!),
      path: socketFile(config.DATA_DIR),
      maxConnections: 8,
    });
    await socketServer.start();
  }
  return {
    handle,
    async close() {
      await socketServer?.stop();
      await handle.close();
      rmSync(socketFile(config.DATA_DIR), { force: true });
      rmSync(lockFile(config.DATA_DIR), { force: true });
    },
  };
}

/**
 * This process's embedded database as its socket server uses it. pglite-socket (0.2.17) runs a
 * socket client's message under the query lock only, so it could run in the middle of one of this
 * process's transactions; and before each turn it asks whether a transaction is open, to serve the
 * client that opened it first. This process's own transaction answered yes as well, and a new
 * client's message (an admin command's first) was then left in the queue until some other socket
 * message came: on a busy server the command waited out its connection timeout (browser tests).
 * Here a socket turn takes the transaction lock too, and "in a transaction" means one that a
 * socket client left open: the state at the end of its last turn.
 */
function sharedWithSockets(pglite: PGlite): PGlite {
  let socketTransaction = false;
  const runExclusive = <T>(work: () => Promise<T>) =>
    pglite._runExclusiveTransaction(() =>
      pglite.runExclusive(async () => {
        try {
          return await work();
        } finally {
          socketTransaction = pglite.isInTransaction();
        }
      }),
    );
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'runExclusive') return runExclusive;
      if (property === 'isInTransaction') return () => socketTransaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function isHeldByAnotherProcess(dataDir: string): Promise<boolean> {
  const lock = lockFile(dataDir);
  if (!existsSync(lock)) return false;
  const pid = Number(readFileSync(lock, 'utf8'));
  if (!pid || pid === process.pid || !isAlive(pid)) return false;
  if (await canConnect(socketFile(dataDir))) return true;
  throw new Error(
    `The embedded database in ${dataDir} is open in process ${pid}, which does not share it. Stop that process first.`,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function canConnect(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
