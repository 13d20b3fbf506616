#!/usr/bin/env node
// No file circles in the server, the web app and the domain package, type-only imports included
// (a circle of types is still a circle of concepts), part of `npm run check`. ESLint's
// `import-x/no-cycle` catches circles of value imports while you type; it does not follow
// `import type`, which is what this check is for. Prints each circle and exits 1 when any exists.
//   node scripts/check-circles.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each tree with the tsconfig its imports resolve by. */
const trees = [
  { dir: 'apps/server/src', tsConfig: 'apps/server/tsconfig.json' },
  { dir: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json' },
  { dir: 'packages/domain/src', tsConfig: 'packages/domain/tsconfig.json' },
];

// madge's TypeScript reader can skip `import type`; this check must see them.
const withTypeImports = { skipTypeImports: false };

let files = 0;
const circles = [];
for (const { dir, tsConfig } of trees) {
  const graph = await madge(path.join(root, dir), {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(root, tsConfig),
    detectiveOptions: { ts: withTypeImports, tsx: withTypeImports },
  });
  files += Object.keys(graph.obj()).length;
  for (const circle of graph.circular()) circles.push(circle.map((file) => path.join(dir, file)));
}

for (const circle of circles) console.error(`circle: ${[...circle, circle[0]].join(' → ')}`);
console.log(`${files} files checked, ${circles.length} circle${circles.length === 1 ? '' : 's'}.`);
process.exit(circles.length ? 1 : 0);
