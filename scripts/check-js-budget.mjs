#!/usr/bin/env node
// The JavaScript budget of the public pages (issue 27), part of `npm run check`.
//
// "The JavaScript a page sends" is read from the built page itself: every <script src> and
// <link rel="modulepreload"> of its prerendered HTML and the scripts its paint-first.js starts
// (data-entry, data-preload), plus everything those chunks import
// statically (the Vite manifest lists the imports), counted once, gzip size of each. Fails when a
// page is over its budget, naming its chunks that grew since the recorded sizes
// (scripts/js-budget-baseline.json; `node scripts/check-js-budget.mjs --write-baseline` records them).
//
// It reuses the web build when it is up to date (scripts/ensure-build.mjs) and builds it otherwise.
//   node scripts/check-js-budget.mjs                     (apps/web/dist, or WEB_DIST_DIR)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(root, 'apps/web/dist');
const baselineFile = path.join(root, 'scripts/js-budget-baseline.json');

/** Gzip KB a public page may send (issue 27's targets): the front door and the landing page the tightest. */
export const JS_BUDGET_KB = {
  '/': 160,
  '/hbada-synergy': 160,
  '/library': 190,
  '/contests/1': 190,
  '/contests/1/vote': 190,
  // The public check of a licence certificate (its QR code's link); any id takes the same page.
  '/licences/lic_aaaaaaaaaaaaaaaaaaaaaaaaaa': 160,
};

/** A chunk's name without its content hash (`assets/index-BbDGncmO.js` → `index`). */
const chunkName = (file) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

function prerenderedFile(pages, pathname) {
  const exact = pages.find((page) => page.path === pathname);
  if (exact) return exact.file;
  const segments = pathname.split('/');
  const pattern = pages.find((page) => {
    const parts = page.path.split('/');
    return (
      parts.length === segments.length &&
      !page.except.includes(pathname) &&
      parts.every((part, i) => part.startsWith(':') || part === segments[i])
    );
  });
  if (!pattern) throw new Error(`${pathname} is not a prerendered page of the build`);
  return pattern.file;
}

/** The chunk files a page's HTML loads, with their static imports, each once. */
export function pageScripts(dist, pathname) {
  const pages = JSON.parse(readFileSync(path.join(dist, 'prerendered/manifest.json'), 'utf8')).pages;
  const html = readFileSync(path.join(dist, prerenderedFile(pages, pathname)), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const byFile = new Map(Object.values(manifest).map((entry) => [entry.file, entry]));
  const referenced = [
    ...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+)"/g),
    // The scripts public/paint-first.js starts after the first paint.
    ...html.matchAll(/\bdata-entry="\/([^"]+)"/g),
    ...[...html.matchAll(/\bdata-preload="([^"]*)"/g)].flatMap((match) =>
      match[1]
        .split(' ')
        .filter(Boolean)
        .map((href) => [href, href.slice(1)]),
    ),
  ].map((match) => match[1]);
  const files = new Set();
  const add = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const key of byFile.get(file)?.imports ?? []) add(manifest[key].file);
  };
  referenced.forEach(add);
  return [...files];
}

const gzipKb = (dist, file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

function main() {
  // The same freshness rule as `npm start`: no second build when the last one is current.
  execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  const baseline = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, 'utf8')) : {};
  const measured = {};
  const problems = [];
  console.log('\nJavaScript a public page sends (gzip KB; its script, modulepreloads and their imports)\n');
  const width = Math.max(16, ...Object.keys(JS_BUDGET_KB).map((page) => page.length + 2));
  console.log(`${'page'.padEnd(width)}${'total'.padStart(8)}${'budget'.padStart(8)}  largest chunks`);
  for (const [page, budget] of Object.entries(JS_BUDGET_KB)) {
    const chunks = pageScripts(outDir, page)
      .map((file) => ({ file, name: chunkName(file), kb: gzipKb(outDir, file) }))
      .sort((a, b) => b.kb - a.kb);
    const total = chunks.reduce((sum, chunk) => sum + chunk.kb, 0);
    measured[page] = Object.fromEntries(chunks.map((chunk) => [chunk.name, Number(chunk.kb.toFixed(1))]));
    const largest = chunks
      .slice(0, 4)
      .map((chunk) => `${chunk.name} ${chunk.kb.toFixed(1)}`)
      .join(', ');
    console.log(
      `${page.padEnd(width)}${total.toFixed(1).padStart(8)}${String(budget).padStart(8)}  ${largest}` +
        `${chunks.length > 4 ? ` (+${chunks.length - 4} more)` : ''}`,
    );
    if (total <= budget) continue;
    const before = baseline[page] ?? {};
    const grew = chunks
      .map((chunk) => ({ ...chunk, delta: chunk.kb - (before[chunk.name] ?? 0) }))
      .filter((chunk) => chunk.delta >= 0.1)
      .sort((a, b) => b.delta - a.delta)
      .slice(0, 5)
      .map((chunk) => `${chunk.file} +${chunk.delta.toFixed(1)} KB${chunk.name in before ? '' : ' (new)'}`);
    problems.push(
      `${page} sends ${total.toFixed(1)} KB of JavaScript, over its budget of ${budget} KB.\n` +
        (grew.length > 0
          ? `  Grew since scripts/js-budget-baseline.json: ${grew.join('; ')}`
          : `  Its largest chunks: ${largest}`),
    );
  }
  if (process.argv.includes('--write-baseline')) {
    writeFileSync(baselineFile, JSON.stringify(measured, null, 2) + '\n');
    console.log(`\nRecorded in ${path.relative(root, baselineFile)}.`);
  }
  if (problems.length > 0) {
    console.error(`\n${problems.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nEvery public page is within its JavaScript budget.');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
