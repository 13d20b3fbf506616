import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/server folder, found from this module whether it runs from src/ (tsx, tests) or from
 * the bundle in dist/ (`npm start`), so files shipped with the sources (migrations, word lists)
 * are read from one place in both.
 */
function findServerDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'src', 'db', 'migrations'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the apps/server folder (src/db/migrations)');
    dir = parent;
  }
  return dir;
}

export const SERVER_DIR = findServerDir();

/** Absolute path of a file under apps/server/src. */
export function sourceFile(...segments: string[]): string {
  return path.join(SERVER_DIR, 'src', ...segments);
}
