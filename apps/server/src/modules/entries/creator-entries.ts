import { desc, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { DbOrTx } from '../../db/client';
import { latestVersions } from './latest-versions';
import * as repo from './entries.repository';

/**
 * A creator's entries, newest version first, each with that version (the one judged): what the
 * creator dashboard asks entries for (its submissions, counts and participations), in one query.
 */
export function entriesOfCreator(db: DbOrTx, userId: number) {
  // Part of every creator dashboard: prepared.
  const statement = prepared(db, 'entries_of_creator', (statementName) => {
    const latest = latestVersions(db, { userId: sql.placeholder('userId') });
    return db
      .select({
        id: latest.entryId,
        contestId: latest.contestId,
        status: latest.status,
        version: latest.version,
        videoId: latest.videoId,
        createdAt: latest.submittedAt,
      })
      .from(latest)
      .orderBy(desc(latest.submittedAt), desc(latest.entryId))
      .prepare(statementName);
  });
  return statement.execute({ userId });
}
export type CreatorEntry = Awaited<ReturnType<typeof entriesOfCreator>>[number];

/** The timelines of these entries, oldest step first, in one query. */
export async function timelinesOf(db: DbOrTx, entryIds: number[]) {
  const events = await repo.listEvents(db, entryIds);
  return events.map(({ entryId, step, version, createdAt }) => ({ entryId, step, version, createdAt }));
}
export type TimelineEvent = Awaited<ReturnType<typeof timelinesOf>>[number];
