/**
 * `npm run check:boundaries`: fails when a file under modules/ names a table another module owns
 * (src/db/schema/owners.ts) or when modules import each other in a circle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema/index';
import { tableOwners } from '../src/db/schema/owners';
import { findForeignTables, findModuleCircles, type ModuleFile } from './module-boundaries';

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

const foreign = findForeignTables(files, tables);
const circles = findModuleCircles(files);

for (const v of foreign) {
  console.error(`modules/${v.file}: names table ${v.table} (${v.how}), owned by ${v.owner}: ask its service`);
}
for (const c of circles) {
  console.error(`module circle ${c.modules.join(' <-> ')}:\n${c.steps.map((s) => `  ${s}`).join('\n')}`);
}
if (foreign.length || circles.length) {
  console.error(
    `\n${foreign.length} foreign table use(s), ${circles.length} module circle(s): see apps/server/src/db/schema/owners.ts`,
  );
  process.exit(1);
}
console.log(
  `Module boundaries hold: ${tables.length} tables, each named only by its owner; no module circles.`,
);
