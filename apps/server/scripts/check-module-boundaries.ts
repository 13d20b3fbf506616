/**
 * `npm run check:boundaries`: fails when a file under modules/ names a table another module owns
 * (src/db/schema/owners.ts), when modules import each other in a circle, or when a file imports
 * another module past its face (its index.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema/index';
import { tableOwners } from '../src/db/schema/owners';
import { knownCrossings } from './known-crossings';
import {
  findDeepImports,
  findForeignTables,
  findModuleCircles,
  moduleImports,
  newTableUses,
  type ModuleFile,
} from './module-boundaries';

const modulesDir = fileURLToPath(new URL('../src/modules/', import.meta.url));

const files: ModuleFile[] = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => ({
    path: file.split(path.sep).join('/'),
    text: readFileSync(path.join(modulesDir, file), 'utf8'),
  }));

const tables = Object.entries(tableOwners).map(([exportName, owner]) => ({
  exportName,
  owner,
  sqlName: getTableName(schema[exportName as keyof typeof tableOwners] as PgTable),
}));

const allForeign = findForeignTables(files, tables);
const foreign = newTableUses(allForeign, knownCrossings);
const circles = findModuleCircles(files, knownCrossings.circleImports);
const imports = moduleImports(files);
const deep = findDeepImports(files);
// A known crossing that is gone comes off the list, so the list only shrinks.
const stale = [
  ...Object.entries(knownCrossings.tables).flatMap(([file, names]) =>
    names
      .filter((table) => !allForeign.some((v) => v.file === file && v.table === table))
      .map((table) => `${file}: ${table}`),
  ),
  ...knownCrossings.circleImports
    .filter(
      ([from, to]) =>
        !imports.get(from)?.has(to) ||
        !findModuleCircles(files).some((c) => c.modules.includes(from) && c.modules.includes(to)),
    )
    .map(([from, to]) => `import ${from} -> ${to}`),
];

for (const v of foreign) {
  console.error(`modules/${v.file}: names table ${v.table} (${v.how}), owned by ${v.owner}: ask its service`);
}
for (const c of circles) {
  console.error(`module circle ${c.modules.join(' <-> ')}:\n${c.steps.map((s) => `  ${s}`).join('\n')}`);
}
for (const d of deep) {
  console.error(
    `modules/${d.file}: imports ${d.target}: import the module's face ('../${d.target.split('/')[0]}')`,
  );
}
for (const s of stale) console.error(`fixed, take it off scripts/known-crossings.ts: ${s}`);
if (foreign.length || circles.length || stale.length || deep.length) {
  console.error(
    `\n${foreign.length} foreign table use(s), ${circles.length} module circle(s), ${deep.length} import(s) past a module's face, ${stale.length} stale known crossing(s).` +
      ' Table owners: apps/server/src/db/schema/owners.ts',
  );
  process.exit(1);
}
const known = Object.values(knownCrossings.tables).flat().length;
console.log(
  `Module boundaries hold: ${tables.length} tables, no new foreign table use, no new module circle, every import through a module's face` +
    ` (${known} known foreign table uses and ${knownCrossings.circleImports.length} known circle-closing imports left to remove).`,
);
