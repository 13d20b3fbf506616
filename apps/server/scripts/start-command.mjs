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
  execFileSync(process.execPath, [path.join(serverDir, 'scripts/build.mjs')], { cwd: serverDir, stdio: 'inherit' });
}

/**
 * The node arguments of the start script's last command (`node <flags> dist/server.js`), with
 * the script made absolute: spawn(process.execPath, serverNodeArgs(), ...) from any folder.
 */
export function serverNodeArgs() {
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const command = pkg.scripts.start.split('&&').pop().trim().split(/\s+/);
  if (command[0] !== 'node') throw new Error(`unexpected start script: ${pkg.scripts.start}`);
  return command.slice(1).map((arg) => (arg.startsWith('-') ? arg : path.join(serverDir, arg)));
}
