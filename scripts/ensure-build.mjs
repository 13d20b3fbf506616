#!/usr/bin/env node
// Builds the web app when its build is missing or older than its sources (used by `npm start`).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST_DIR lets a test run build into its own folder (parallel runs must not share one).
const outDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(root, 'apps/web/dist');
const built = path.join(outDir, 'index.html');
// The JavaScript budget check (scripts/check-js-budget.mjs) reads it; builds from before it lack it.
const manifest = path.join(outDir, '.vite/manifest.json');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(path.join(target, name))));
}

const builtAt = existsSync(built) && existsSync(manifest) ? statSync(built).mtimeMs : 0;
if (builtAt === 0 || Math.max(...sources.map(newest)) > builtAt) {
  console.log(
    builtAt ? 'Web sources changed: rebuilding the web app…' : 'Building the web app (first start)…',
  );
  execSync(`npx vite build --outDir "${outDir}" --emptyOutDir`, {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
}
