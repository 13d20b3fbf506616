import { asc, eq, inArray, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { isAnyOf, prepared } from './prepared';

const marks = pgTable('prepared_marks', {
  id: integer('id').primaryKey(),
  label: text('label'),
  at: timestamp('at', { withTimezone: true }).notNull(),
  facts: jsonb('facts').$type<{ tags: string[] }>(),
});

describe('prepared statements', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.handle.query(
      'create table prepared_marks (id int primary key, label text, at timestamptz not null, facts jsonb)',
    );
    await database.handle.db.insert(marks).values([
      { id: 1, label: 'first', at: new Date('2026-11-01T10:00:00Z'), facts: { tags: ['a', 'b'] } },
      { id: 2, label: null, at: new Date('2026-11-02T10:00:00Z'), facts: null },
    ]);
  });
  afterAll(() => database?.drop());

  it('map their rows as the same query built each time does: columns, nulls, SQL, aliases', async () => {
    const { db } = database.handle;
    const selection = {
      id: marks.id,
      label: marks.label,
      at: marks.at,
      facts: marks.facts,
      doubled: sql<number>`${marks.id} * 2`.mapWith(Number),
      shout: sql<string>`upper(${marks.label})`.as('shout'),
    };
    const built = await db
      .select(selection)
      .from(marks)
      .where(inArray(marks.id, [1, 2]))
      .orderBy(asc(marks.id));
    const statement = prepared(db, 'test_marks', (name) =>
      db.select(selection).from(marks).where(isAnyOf(marks.id)).orderBy(asc(marks.id)).prepare(name),
    );
    const rows = await statement.execute({ ids: [1, 2] });
    expect(rows).toEqual([
      {
        id: 1,
        label: 'first',
        at: new Date('2026-11-01T10:00:00Z'),
        facts: { tags: ['a', 'b'] },
        doubled: 2,
        shout: 'FIRST',
      },
      { id: 2, label: null, at: new Date('2026-11-02T10:00:00Z'), facts: null, doubled: 4, shout: null },
    ]);
    expect(rows[0]!.at).toBeInstanceOf(Date);
    expect(rows).toEqual(built);
    // Prepared once: the next call runs the same statement with its own values.
    expect(await statement.execute({ ids: [2] })).toEqual([built[1]]);
  });

  it('keep the nesting of a selection with objects', async () => {
    const { db } = database.handle;
    const statement = prepared(db, 'test_marks_nested', (name) =>
      db
        .select({ id: marks.id, when: { at: marks.at, label: marks.label } })
        .from(marks)
        .where(eq(marks.id, sql.placeholder('id')))
        .prepare(name),
    );
    expect(await statement.execute({ id: 1 })).toEqual([
      { id: 1, when: { at: new Date('2026-11-01T10:00:00Z'), label: 'first' } },
    ]);
  });
});
