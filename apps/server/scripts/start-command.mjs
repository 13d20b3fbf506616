// How `npm start` runs the server, for the tools that start it themselves (e2e, benchmarks):
// they build the bundle, then run the node command of apps/server's start script, so they always
// measure and test exactly what users run. The start script stays the one place for the flags.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles src/ into dist/ (what the start script does first). */
export function buildServer() {
  execFileSync(process.execPath, [path.join(serverDir, 'scripts/build.mjs')], {
    cwd: serverDir,
    stdio: 'inherit',
  });
}

/** The start script's last command (`[NAME=value…] node <flags> dist/server.js`), split into words. */
function startCommand() {
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const words = pkg.scripts.start.split('&&').pop().trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0 || !words.slice(0, node).every((word) => /^[A-Z_]+=\S*$/.test(word)))
    throw new Error(`unexpected start script: ${pkg.scripts.start}`);
  return { settings: words.slice(0, node), args: words.slice(node + 1) };
}

/**
 * The node arguments of the start script's last command, with the script made absolute:
 * spawn(process.execPath, serverNodeArgs(), { env: { ...process.env, ...serverEnv() } }) from any folder.
 */
export function serverNodeArgs() {
  return startCommand().args.map((arg) => (arg.startsWith('-') ? arg : path.join(serverDir, arg)));
}

/** The environment settings the start script puts before `node` (MALLOC_ARENA_MAX=2: see the README). */
export function serverEnv() {
  return Object.fromEntries(startCommand().settings.map((setting) => setting.split('=', 2)));
}
