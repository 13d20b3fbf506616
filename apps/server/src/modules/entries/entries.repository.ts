import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ApplicationStatus, EntryCheck, EntryStatus } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import {
  applications,
  contestEntries,
  contests,
  entryEvents,
  entryNotes,
  entryVersions,
  users,
} from '../../db/schema/index';

/** SQL of contest entries: entries, their versions, review notes and timeline. */

const entryColumns = {
  id: contestEntries.id,
  contestId: contestEntries.contestId,
  contestTitle: contests.title,
  contestBrandId: contests.brandId,
  submissionDeadline: contests.submissionDeadline,
  timezone: contests.timezone,
  userId: contestEntries.userId,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  creatorEmail: users.email,
  status: contestEntries.status,
  createdAt: contestEntries.createdAt,
  updatedAt: contestEntries.updatedAt,
};

function selectEntries(db: DbOrTx) {
  return db
    .select(entryColumns)
    .from(contestEntries)
    .innerJoin(contests, eq(contests.id, contestEntries.contestId))
    .innerJoin(users, eq(users.id, contestEntries.userId));
}

export type EntryRow = Awaited<ReturnType<typeof findEntry>> & {};

export async function findEntry(db: DbOrTx, id: number) {
  const [row] = await selectEntries(db).where(eq(contestEntries.id, id));
  return row;
}

/** The entry row locked for a change (one writer at a time per entry). */
export async function lockEntry(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`select 1 from ${contestEntries} where ${contestEntries.id} = ${id} for update`);
}

export async function findEntryOf(db: DbOrTx, contestId: number, userId: number) {
  const [row] = await selectEntries(db).where(
    and(eq(contestEntries.contestId, contestId), eq(contestEntries.userId, userId)),
  );
  return row;
}

export function listEntriesOfContest(db: DbOrTx, contestId: number) {
  return selectEntries(db)
    .where(eq(contestEntries.contestId, contestId))
    .orderBy(desc(contestEntries.updatedAt), desc(contestEntries.id));
}

/** Creates the creator's entry in a contest, or finds it (one per creator per contest). */
export async function upsertEntry(tx: DbOrTx, contestId: number, userId: number): Promise<number> {
  const [row] = await tx
    .insert(contestEntries)
    .values({ contestId, userId })
    .onConflictDoUpdate({
      target: [contestEntries.contestId, contestEntries.userId],
      set: { updatedAt: new Date() },
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

/** The status of the creator's application to the contest (one per creator and contest), or null. */
export async function applicationStatusOf(
  db: DbOrTx,
  contestId: number,
  userId: number,
): Promise<ApplicationStatus | null> {
  const [row] = await db
    .select({ status: applications.status })
    .from(applications)
    .where(and(eq(applications.contestId, contestId), eq(applications.userId, userId)))
    .limit(1);
  return row?.status ?? null;
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
    videoId: number;
    checks: EntryCheck[];
    warningsConfirmedAt: Date | null;
  },
): Promise<void> {
  await tx.insert(entryVersions).values(values);
}

export function listVersions(db: DbOrTx, entryIds: number[]) {
  if (!entryIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(entryVersions)
    .where(inArray(entryVersions.entryId, entryIds))
    .orderBy(asc(entryVersions.entryId), asc(entryVersions.version));
}
export type VersionRow = Awaited<ReturnType<typeof listVersions>>[number];

export async function insertEvents(
  tx: DbOrTx,
  rows: Array<{ entryId: number; step: EntryStatus; version: number | null; detail: string }>,
): Promise<void> {
  if (rows.length) await tx.insert(entryEvents).values(rows);
}

export function listEvents(db: DbOrTx, entryId: number) {
  return db
    .select()
    .from(entryEvents)
    .where(eq(entryEvents.entryId, entryId))
    .orderBy(asc(entryEvents.createdAt), asc(entryEvents.id));
}

const noteColumns = {
  id: entryNotes.id,
  entryId: entryNotes.entryId,
  version: entryNotes.version,
  atSeconds: entryNotes.atSeconds,
  text: entryNotes.text,
  authorId: entryNotes.authorId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorRole: users.role,
  parentId: entryNotes.parentId,
  resolvedAt: entryNotes.resolvedAt,
  createdAt: entryNotes.createdAt,
};

export function listNotes(db: DbOrTx, entryId: number) {
  return db
    .select(noteColumns)
    .from(entryNotes)
    .leftJoin(users, eq(users.id, entryNotes.authorId))
    .where(eq(entryNotes.entryId, entryId))
    .orderBy(asc(entryNotes.atSeconds), asc(entryNotes.createdAt), asc(entryNotes.id));
}
export type NoteRow = Awaited<ReturnType<typeof listNotes>>[number];

export async function findNote(db: DbOrTx, entryId: number, noteId: number) {
  const [row] = await db
    .select(noteColumns)
    .from(entryNotes)
    .leftJoin(users, eq(users.id, entryNotes.authorId))
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

/** Per entry: how many top-level notes it has, and how many of them are open. */
export async function countNotes(db: DbOrTx, entryIds: number[]) {
  if (!entryIds.length) return new Map<number, { total: number; open: number; onLatest: number }>();
  const rows = await db
    .select({
      entryId: entryNotes.entryId,
      total: count(),
      open: sql<number>`count(*) filter (where ${entryNotes.resolvedAt} is null)::int`,
      // Spelled out with table names: a one-table select renders its columns unqualified, and
      // inside the subquery "entry_id" would be the subquery's own.
      onLatest: sql<number>`count(*) filter (where "entry_notes"."version" = (select max(v.version) from "entry_versions" v where v.entry_id = "entry_notes"."entry_id"))::int`,
    })
    .from(entryNotes)
    .where(and(inArray(entryNotes.entryId, entryIds), isNull(entryNotes.parentId)))
    .groupBy(entryNotes.entryId);
  return new Map(
    rows.map((r) => [
      r.entryId,
      { total: Number(r.total), open: Number(r.open), onLatest: Number(r.onLatest) },
    ]),
  );
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
