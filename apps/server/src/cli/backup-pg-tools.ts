import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { BackupRefusal } from './backup-manifest';

type PgTool = 'pg_dump' | 'pg_restore';

/** Keeps the last few KB a tool writes to stderr: its error is at the end. */
const STDERR_KEEP = 8 * 1024;

/**
 * Runs `tool` on the database at `databaseUrl`. The password travels in the child's environment
 * (PGPASSWORD), not in its arguments, which every user of the machine can read in the process list.
 */
function startTool(
  tool: PgTool,
  args: string[],
  databaseUrl: string,
): { child: ChildProcess; done: Promise<void> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEEP);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupRefusal(
              `${tool} was not found: install the PostgreSQL client tools of the server's version (Debian: postgresql-client-15).`,
            )
          : error,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) return resolve();
      const lines = stderr.trim().split('\n').filter(Boolean);
      const reason = lines.find((line) => line.includes('error:')) ?? lines.at(-1) ?? `exit code ${code}`;
      reject(new BackupRefusal(`${tool} failed: ${reason.trim()}`));
    });
  });
  return { child, done };
}

/**
 * `pg_dump --format=custom` of the database: one consistent snapshot, streamed (`dump`), and
 * `done` once pg_dump has exited cleanly.
 */
export function startPgDump(databaseUrl: string): { dump: Readable; done: Promise<void> } {
  const { child, done } = startTool('pg_dump', ['--format=custom'], databaseUrl);
  return { dump: child.stdout!, done };
}

/**
 * `pg_restore` of a custom-format dump into the database, all or nothing (one transaction,
 * stopping at the first error). Objects are owned by the restoring role, whatever role owned them
 * where the backup was made.
 */
export async function pgRestore(databaseUrl: string, dumpFile: string): Promise<void> {
  const { done } = startTool(
    'pg_restore',
    ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', dumpFile],
    databaseUrl,
  );
  await done;
}
