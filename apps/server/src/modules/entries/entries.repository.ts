import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { EntryCheck, EntryFilter, EntryStatus } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { isAnyOf, prepared } from '../../db/prepared';
import { contestEntries, entryEvents, entryNotes, entryVersions } from '../../db/schema/index';

/**
 * SQL of contest entries: entries, their versions, review notes and timeline — this module's own
 * tables only. The contest and the people an entry names come from their owners (entry-context.ts).
 */

const entryColumns = {
  id: contestEntries.id,
  contestId: contestEntries.contestId,
  userId: contestEntries.userId,
  roundId: contestEntries.roundId,
  wildcard: contestEntries.wildcard,
  status: contestEntries.status,
  createdAt: contestEntries.createdAt,
  updatedAt: contestEntries.updatedAt,
};

function selectEntries(db: DbOrTx) {
  return db.select(entryColumns).from(contestEntries);
}

/** An entry as stored (without its contest's or entrant's details). */
export type EntryRecord = Awaited<ReturnType<typeof findEntry>> & {};

export async function findEntry(db: DbOrTx, id: number) {
  const [row] = await selectEntries(db).where(eq(contestEntries.id, id));
  return row;
}

/** The entry row locked for a change (one writer at a time per entry). */
export async function lockEntry(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`select 1 from ${contestEntries} where ${contestEntries.id} = ${id} for update`);
}

/** The creator's newest entry in a contest (rounds are entered in order: the latest round's). */
export async function findEntryOf(db: DbOrTx, contestId: number, userId: number) {
  const [row] = await selectEntries(db)
    .where(and(eq(contestEntries.contestId, contestId), eq(contestEntries.userId, userId)))
    .orderBy(desc(contestEntries.createdAt), desc(contestEntries.id))
    .limit(1);
  return row;
}

/** The creator's entry in a round, if any. */
export async function findEntryInRound(db: DbOrTx, roundId: number, userId: number) {
  const [row] = await selectEntries(db).where(
    and(eq(contestEntries.roundId, roundId), eq(contestEntries.userId, userId)),
  );
  return row;
}

// Spelled out with table names: inside a subquery an unqualified "entry_id" would be the subquery's.
const latestVersionOfEntry = sql`(select max(v.version) from "entry_versions" v where v.entry_id = "contest_entries"."id")`;
const noteOnLatest = sql`exists (select 1 from "entry_notes" n where n.entry_id = "contest_entries"."id" and n.parent_id is null and n.version = ${latestVersionOfEntry})`;
const openNote = sql`exists (select 1 from "entry_notes" n where n.entry_id = "contest_entries"."id" and n.parent_id is null and n.resolved_at is null)`;
const inReview = inArray(contestEntries.status, ['in_review', 'checked']);

/**
 * Where review stands, as SQL: `needs_review` (in review, and nobody has noted the newest version
 * yet or a note is open), `revision_requested`, `ready_for_judging` (in review, the newest version
 * noted and every note resolved).
 */
function reviewFilter(filter: EntryFilter | undefined): SQL | undefined {
  if (filter === 'revision_requested') return eq(contestEntries.status, 'revision_requested');
  if (filter === 'needs_review') return and(inReview, sql`(not ${noteOnLatest} or ${openNote})`);
  if (filter === 'ready_for_judging') return and(inReview, noteOnLatest, sql`not ${openNote}`);
  return undefined;
}

/**
 * One page of a contest's entries, most recently changed first, filtered by where review stands,
 * and how many match: two queries whatever the page size, prepared once per filter (the reviewers'
 * list reads them on every request, as `listVersions` and the others). Every entry has a version:
 * `submit` writes an entry with its first one in one transaction, and a version is never deleted.
 */
export async function pageEntriesOfContest(
  db: DbOrTx,
  contestId: number,
  filter: EntryFilter | undefined,
  page: { limit: number; offset: number },
) {
  const shape = filter ?? 'all';
  const where = () => and(eq(contestEntries.contestId, sql.placeholder('contestId')), reviewFilter(filter));
  const pageOf = prepared(db, `entries_page_${shape}`, (statementName) =>
    selectEntries(db)
      .where(where())
      .orderBy(desc(contestEntries.updatedAt), desc(contestEntries.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(statementName),
  );
  const countOf = prepared(db, `entries_count_${shape}`, (statementName) =>
    db.select({ n: count() }).from(contestEntries).where(where()).prepare(statementName),
  );
  const [rows, [total]] = await Promise.all([
    pageOf.execute({ contestId, ...page }),
    countOf.execute({ contestId }),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/**
 * Creates the creator's entry in a round of a contest, or finds it (one per creator per round, the
 * unique (round, user) index); `at` is the service's clock (the demo season submits its finished
 * contest's entries in the past). `wildcard` is set on the entry's creation only.
 */
export async function upsertEntry(
  tx: DbOrTx,
  entry: { contestId: number; roundId: number; userId: number; wildcard?: boolean },
  at: Date,
): Promise<number> {
  const [row] = await tx
    .insert(contestEntries)
    .values({ ...entry, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [contestEntries.roundId, contestEntries.userId],
      set: { updatedAt: at },
    })
    .returning({ id: contestEntries.id });
  return row!.id;
}

/** Moves the entry to `status`; with `from`, only when it is in one of those (false otherwise). */
export async function setStatus(
  tx: DbOrTx,
  id: number,
  status: EntryStatus,
  from?: EntryStatus[],
): Promise<boolean> {
  const rows = await tx
    .update(contestEntries)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(contestEntries.id, id), from ? inArray(contestEntries.status, from) : undefined))
    .returning({ id: contestEntries.id });
  return rows.length > 0;
}

export async function latestVersionNumber(db: DbOrTx, entryId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${entryVersions.version}), 0)::int` })
    .from(entryVersions)
    .where(eq(entryVersions.entryId, entryId));
  return row?.n ?? 0;
}

/** The entry that has this video as a version, if any. */
export async function findVersionByVideo(db: DbOrTx, videoId: number) {
  const [row] = await db
    .select({ entryId: entryVersions.entryId, version: entryVersions.version })
    .from(entryVersions)
    .where(eq(entryVersions.videoId, videoId));
  return row;
}

export async function insertVersion(
  tx: DbOrTx,
  values: {
    entryId: number;
    version: number;
    /** Null for an idea (its title and text instead). */
    videoId: number | null;
    title?: string | null;
    text?: string | null;
    checks: EntryCheck[];
    warningsConfirmedAt: Date | null;
    createdAt: Date;
  },
): Promise<{ id: number }> {
  const [row] = await tx.insert(entryVersions).values(values).returning({ id: entryVersions.id });
  return row!;
}

export function listVersions(db: DbOrTx, entryIds: number[]) {
  if (!entryIds.length) return Promise.resolve([]);
  const statement = prepared(db, 'entries_versions_of', (statementName) =>
    db
      .select()
      .from(entryVersions)
      .where(isAnyOf(entryVersions.entryId))
      .orderBy(asc(entryVersions.entryId), asc(entryVersions.version))
      .prepare(statementName),
  );
  return statement.execute({ ids: entryIds });
}
export type VersionRow = Awaited<ReturnType<typeof listVersions>>[number];

export async function insertEvents(
  tx: DbOrTx,
  rows: Array<{ entryId: number; step: EntryStatus; version: number | null; detail: string }>,
): Promise<void> {
  if (rows.length) await tx.insert(entryEvents).values(rows);
}

/** The timelines of these entries, oldest step first. */
export function listEvents(db: DbOrTx, entryIds: number[]) {
  if (!entryIds.length) return Promise.resolve([]);
  const statement = prepared(db, 'entries_events_of', (statementName) =>
    db
      .select()
      .from(entryEvents)
      .where(isAnyOf(entryEvents.entryId))
      .orderBy(asc(entryEvents.createdAt), asc(entryEvents.id))
      .prepare(statementName),
  );
  return statement.execute({ ids: entryIds });
}

const noteColumns = {
  id: entryNotes.id,
  entryId: entryNotes.entryId,
  version: entryNotes.version,
  atSeconds: entryNotes.atSeconds,
  text: entryNotes.text,
  authorId: entryNotes.authorId,
  parentId: entryNotes.parentId,
  resolvedAt: entryNotes.resolvedAt,
  createdAt: entryNotes.createdAt,
};

/** The notes of these entries (without their authors' names), in the order of the video. */
export function listNotes(db: DbOrTx, entryIds: number[]) {
  if (!entryIds.length) return Promise.resolve([]);
  const statement = prepared(db, 'entries_notes_of', (statementName) =>
    db
      .select(noteColumns)
      .from(entryNotes)
      .where(isAnyOf(entryNotes.entryId))
      .orderBy(asc(entryNotes.atSeconds), asc(entryNotes.createdAt), asc(entryNotes.id))
      .prepare(statementName),
  );
  return statement.execute({ ids: entryIds });
}
export type NoteRecord = Awaited<ReturnType<typeof listNotes>>[number];

export async function findNote(db: DbOrTx, entryId: number, noteId: number) {
  const [row] = await db
    .select(noteColumns)
    .from(entryNotes)
    .where(and(eq(entryNotes.entryId, entryId), eq(entryNotes.id, noteId)));
  return row;
}

export async function insertNote(
  tx: DbOrTx,
  values: {
    entryId: number;
    version: number;
    atSeconds: number;
    text: string;
    authorId: number;
    parentId: number | null;
  },
): Promise<number> {
  const [row] = await tx.insert(entryNotes).values(values).returning({ id: entryNotes.id });
  return row!.id;
}

/** Resolves a note that is still open; false when it already was. */
export async function resolveNote(tx: DbOrTx, noteId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(entryNotes)
    .set({ resolvedAt: at })
    .where(and(eq(entryNotes.id, noteId), isNull(entryNotes.resolvedAt)))
    .returning({ id: entryNotes.id });
  return rows.length > 0;
}

/**
 * Entries waiting on this video: still `processing`, with the video as their newest version.
 */
export async function findEntriesAwaitingVideo(db: DbOrTx, videoId: number) {
  return db
    .select({ id: contestEntries.id, version: entryVersions.version })
    .from(contestEntries)
    .innerJoin(entryVersions, eq(entryVersions.entryId, contestEntries.id))
    .where(
      and(
        eq(entryVersions.videoId, videoId),
        eq(contestEntries.status, 'processing'),
        sql`${entryVersions.version} = (select max(v.version) from ${entryVersions} v where v.entry_id = ${contestEntries.id})`,
      ),
    );
}
