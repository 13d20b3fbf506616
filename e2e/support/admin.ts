import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';
import { E2E_PORT, e2eDatabaseEnv } from './env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDir = path.join(root, 'apps/server');

/**
 * The admin CLI (apps/server/src/cli/admin.ts, what `npm run admin` runs) bundled once per e2e run
 * into plain JavaScript: each command then starts in well under a second instead of the seconds
 * tsx takes to load and transform the sources on every account a test makes. It lives in
 * apps/server/dist (ignored by git) because the server code finds its migrations from its own folder.
 */
export const ADMIN_CLI = path.join(serverDir, 'dist', `admin-e2e-${E2E_PORT}.mjs`);

/** Bundles the admin CLI to ADMIN_CLI (the e2e global set-up, before any test runs). */
export async function bundleAdminCli(): Promise<void> {
  const { build } = createRequire(path.join(serverDir, 'package.json'))('esbuild') as typeof Esbuild;
  await build({
    absWorkingDir: serverDir,
    entryPoints: ['src/cli/admin.ts'],
    outfile: ADMIN_CLI,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // Packages load from node_modules as they are; the workspace's own TypeScript packages are bundled.
    plugins: [
      {
        name: 'packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

/**
 * Runs an admin CLI command (`npm run admin -- …args`) against the running e2e platform's
 * database, as an operator would; `input` goes to its standard input. Returns its standard output.
 */
export function runAdmin(args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [ADMIN_CLI, ...args],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, ...e2eDatabaseEnv(), LOG_LEVEL: 'warn', NODE_ENV: 'production' },
      },
      (error, stdout, stderr) =>
        error ? reject(Object.assign(error, { stdout, stderr })) : resolve(String(stdout)),
    );
    child.stdin?.end(input ?? '');
  });
}
