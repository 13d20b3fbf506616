import { describe, expect, it } from 'vitest';
import { findDeepImports, findForeignTables, findModuleCircles, newTableUses } from './module-boundaries';

const tables = [
  { exportName: 'users', sqlName: 'users', owner: 'accounts' },
  { exportName: 'entryVersions', sqlName: 'entry_versions', owner: 'entries' },
];

describe('module boundaries', () => {
  it("names an import past another module's face; tests may also import its test-support", () => {
    const deep = findDeepImports([
      {
        path: 'judging/scoring.ts',
        text: "import { recordAudit } from '../audit';\nimport { namesOf } from '../accounts/user-reads';\nimport { x } from './results';",
      },
      { path: 'judging/judging.test.ts', text: "import { seed } from '../entries/test-support';" },
      { path: 'judging/test-support.ts', text: "import { q } from '../entries/entry-reads';" },
      { path: 'index.ts', text: "import { y } from './videos/videos.routes';" },
    ]);
    expect(deep).toEqual([
      { file: 'judging/scoring.ts', target: 'accounts/user-reads' },
      { file: 'judging/test-support.ts', target: 'entries/entry-reads' },
    ]);
  });

  it("reports a module naming another module's table, as the Drizzle object or in raw SQL", () => {
    const violations = findForeignTables(
      [
        {
          path: 'judging/judging.repository.ts',
          text: "import { users, type X } from '../../db/schema/index';",
        },
        { path: 'judging/scores.ts', text: 'const q = sql`select 1 from "entry_versions" v where ${x}`;' },
        {
          path: 'videos/videos.repository.ts',
          text: "import * as s from '../../db/schema'; s.entryVersions;",
        },
        { path: 'accounts/accounts.repository.ts', text: "import { users } from '../../db/schema/index';" },
      ],
      tables,
    );
    expect(violations).toEqual([
      { file: 'judging/judging.repository.ts', table: 'users', owner: 'accounts', how: 'import users' },
      {
        file: 'judging/scores.ts',
        table: 'entry_versions',
        owner: 'entries',
        how: 'sql: from entry_versions',
      },
      {
        file: 'videos/videos.repository.ts',
        table: 'entry_versions',
        owner: 'entries',
        how: 'import entryVersions',
      },
    ]);
  });

  it('lets tests and their fixtures seed any table, and ignores table names in plain words', () => {
    const violations = findForeignTables(
      [
        { path: 'judging/judging.test.ts', text: "import { users } from '../../db/schema/index';" },
        { path: 'judging/test-support.ts', text: "import { users } from '../../db/schema/index';" },
        { path: 'judging/judging.service.ts', text: "const m = 'Only users who judge'; const n = 'users';" },
      ],
      tables,
    );
    expect(violations).toEqual([]);
  });

  it('reports modules importing each other through different files, and not a one-way import', () => {
    const circles = findModuleCircles([
      { path: 'accounts/accounts.service.ts', text: "import { a } from '../creators/profile.service';" },
      { path: 'creators/other.ts', text: "import type { B } from '../accounts/sessions.service';" },
      { path: 'videos/videos.service.ts', text: "import { c } from '../accounts/access-check';" },
      { path: 'accounts/accounts.test.ts', text: "import { v } from '../videos/videos.service';" },
    ]);
    expect(circles).toEqual([
      {
        modules: ['accounts', 'creators'],
        steps: [
          'accounts/accounts.service.ts -> creators/profile.service',
          'creators/other.ts -> accounts/sessions.service',
        ],
      },
    ]);
  });

  it('reports only foreign table uses the known list does not cover', () => {
    const violations = [
      { file: 'judging/judging.repository.ts', table: 'users', owner: 'accounts', how: 'import users' },
      { file: 'judging/judging.repository.ts', table: 'videos', owner: 'videos', how: 'import videos' },
    ];
    const known = { tables: { 'judging/judging.repository.ts': ['users'] }, circleImports: [] };
    expect(newTableUses(violations, known)).toEqual([violations[1]]);
  });

  it('reports a circle that does not go through a known circle-closing import', () => {
    const files = [
      { path: 'videos/videos.service.ts', text: "import { a } from '../judging/judging.service';" },
      { path: 'judging/judging.service.ts', text: "import { b } from '../entries/latest-versions';" },
      { path: 'entries/entries.service.ts', text: "import { c } from '../videos/videos.service';" },
      { path: 'contests/contests.service.ts', text: "import { d } from '../payouts/payouts.service';" },
      { path: 'payouts/payouts.service.ts', text: "import { e } from '../contests/contests.service';" },
    ];
    expect(findModuleCircles(files, [['videos', 'judging']]).map((c) => c.modules)).toEqual([
      ['contests', 'payouts'],
    ]);
  });
});
