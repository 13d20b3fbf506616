import type { AppDeps } from '../../app-deps';
import { defineJob } from '../../jobs/queue';
import { sendEmailJob } from '../../jobs/send-email.job';
import { brandNamesOf, contactOf, namesOf } from '../accounts';
import { contestTitlesOf } from '../contests';
import { messageDigestEmail } from './conversations.emails';
import { canReadThread } from './conversations.policy';
import { authorName } from './conversations.presenter';
import * as repo from './conversations.repository';
import { threadTitle } from './thread-subjects';

/**
 * One person's e-mail digest of one thread, queued to run when it is due (MESSAGE_DIGEST_SECONDS
 * after the first message it reports; `conversation_reads.digest_due_at` says one is planned, so
 * a thread's later messages until then join it instead of queuing another).
 */
export const digestJob = defineJob<{ threadId: number; userId: number }>({
  name: 'conversation-digest',
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
});

type DigestDeps = Pick<AppDeps, 'database' | 'queue' | 'config' | 'log'>;

/** Where the digest's button leads: the entry's page, or the inbox for an application. */
function threadLink(deps: DigestDeps, thread: repo.ThreadRow): string {
  const base = deps.config.PUBLIC_URL;
  return thread.kind === 'entry' ? `${base}/entries/${thread.entryId}` : `${base}/messages`;
}

/**
 * Sends the digest when the recipient still takes part in the thread and has messages from others
 * they have neither read nor been mailed: all of them, in one e-mail. The e-mail's category may be
 * turned off (the send-email job asks the notifications module).
 */
export async function sendDigest(deps: DigestDeps, threadId: number, userId: number): Promise<void> {
  const db = deps.database.db;
  const digest = await db.transaction(async (tx) => {
    const state = await repo.lockRead(tx, threadId, userId);
    const thread = await repo.findThreadById(tx, threadId);
    if (!state?.digestDueAt || !thread) return null;
    const contact = await contactOf(tx, userId);
    const reader = contact && { id: userId, role: contact.role, brandId: contact.brandId };
    const messages =
      contact?.usable && reader && canReadThread(reader, thread)
        ? await repo.messagesForDigest(tx, threadId, userId, Math.max(state.lastReadId, state.lastMailedId))
        : [];
    await repo.digestDone(tx, threadId, userId, messages.length ? messages[messages.length - 1]!.id : null);
    return messages.length ? { thread, messages, to: contact!.email } : null;
  });
  if (!digest) return;
  const { thread, messages, to } = digest;
  const [people, brands, titles] = await Promise.all([
    namesOf(
      db,
      messages.flatMap((m) => (m.authorId === null ? [] : [m.authorId])),
    ),
    brandNamesOf(db, [thread.brandId]),
    contestTitlesOf(db, [thread.contestId]),
  ]);
  const email = messageDigestEmail({
    to,
    title: threadTitle(thread.kind, titles.get(thread.contestId) ?? ''),
    lines: messages.map((m) => ({
      author: authorName(
        m.authorSide,
        m.authorId === null ? undefined : people.get(m.authorId),
        brands.get(thread.brandId),
      ),
      body: m.body,
    })),
    link: threadLink(deps, thread),
  });
  await deps.queue.send(sendEmailJob, email);
}

/** Starts the conversations job handlers (called from jobs/handlers.ts). */
export async function startConversationJobHandlers(deps: DigestDeps): Promise<void> {
  await deps.queue.work(digestJob, (data) => sendDigest(deps, data.threadId, data.userId));
}
