import { CONVERSATION_LIMITS, type ThreadList } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { brandNamesOf, namesOf } from '../accounts';
import { contestTitlesOf } from '../contests';
import { inboxOf, seesBrandAsCounterpart } from './conversations.policy';
import { authorName, preview } from './conversations.presenter';
import * as repo from './conversations.repository';
import { threadTitle } from './thread-subjects';

/** The unread messages of all the reader's threads (the navbar's badge, the live event's count). */
export async function unreadTotalOf(db: DbOrTx, reader: Pick<Caller, 'id' | 'role' | 'brandId'>) {
  const owner = inboxOf(reader);
  return owner ? repo.unreadTotal(db, owner, reader.id) : 0;
}

/**
 * `GET /api/threads/`: a page of the caller's threads with messages, the most recently active
 * first, each with its unread count and last message, and the caller's unread total.
 */
export async function inbox(db: DbOrTx, caller: Caller, page: number): Promise<ThreadList> {
  const owner = inboxOf(caller);
  if (!owner) return { threads: [], unread_total: 0, next_page: null };
  const size = CONVERSATION_LIMITS.threadsPageSize;
  const [rows, unread_total] = await Promise.all([
    repo.listThreads(db, owner, caller.id, { limit: size + 1, offset: (page - 1) * size }),
    repo.unreadTotal(db, owner, caller.id),
  ]);
  const shown = rows.slice(0, size);
  const [titles, creators, brands] = await Promise.all([
    contestTitlesOf(
      db,
      shown.map((row) => row.thread.contestId),
    ),
    namesOf(
      db,
      shown.map((row) => row.thread.creatorId),
    ),
    brandNamesOf(
      db,
      shown.map((row) => row.thread.brandId),
    ),
  ]);
  const brandSide = seesBrandAsCounterpart(caller);
  return {
    threads: shown.map(({ thread, last, unread }) => {
      const contest = titles.get(thread.contestId) ?? '';
      return {
        kind: thread.kind,
        id: (thread.applicationId ?? thread.entryId)!,
        contest: { id: thread.contestId, name: contest },
        title: threadTitle(thread.kind, contest),
        counterpart: brandSide
          ? (brands.get(thread.brandId) ?? 'Brand team')
          : authorName('creator', creators.get(thread.creatorId), undefined),
        last_message: {
          preview: preview(last.body, last.hidden),
          author_side: last.authorSide,
          created_at: last.createdAt.toISOString(),
        },
        unread,
      };
    }),
    unread_total,
    next_page: rows.length > size ? page + 1 : null,
  };
}
