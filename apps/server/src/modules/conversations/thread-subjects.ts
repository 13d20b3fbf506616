import type { ThreadKind } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { applicationOf } from '../applications';
import { contestFactsOf } from '../contests';
import { entryOf } from '../entries';
import { findThread, type ThreadRow, type ThreadSubject } from './conversations.repository';

/**
 * The record a thread belongs to: its thread's row when it has one (one read), else the
 * application or entry as their modules tell it, with its contest's brand. Null: no such record.
 */
export async function subjectOf(
  db: DbOrTx,
  kind: ThreadKind,
  id: number,
): Promise<{ subject: ThreadSubject; thread: ThreadRow | undefined } | null> {
  const thread = await findThread(db, kind, id);
  if (thread) {
    const { contestId, brandId, creatorId } = thread;
    return { subject: { kind, id, contestId, brandId, creatorId }, thread };
  }
  const record = kind === 'application' ? await applicationOf(db, id) : await entryOf(db, id);
  if (!record) return null;
  const contest = (await contestFactsOf(db, [record.contestId])).get(record.contestId);
  if (!contest) return null;
  return {
    subject: { kind, id, contestId: record.contestId, brandId: contest.brandId, creatorId: record.userId },
    thread: undefined,
  };
}

/** How the inbox and the digest name a thread's record. */
export function threadTitle(kind: ThreadKind, contestTitle: string): string {
  return `${kind === 'application' ? 'Application' : 'Entry'} to ${contestTitle}`;
}
