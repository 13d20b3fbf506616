import type { FastifyRequest } from 'fastify';
import { MESSAGES, type MessageSide, type ThreadKind } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { hasRole, isStaff } from '../../lib/policy';
import type { Caller } from '../../plugins/auth';
import { brandMay, brandRoleGuard } from '../accounts';
import type { ThreadOwner, ThreadRow, ThreadSubject } from './conversations.repository';
import { subjectOf } from './thread-subjects';

/**
 * Who takes part in a conversation (issue 49). The thread of an application or an entry is read by
 * its creator, every member of the contest's brand (a viewer too) and staff; anyone else gets 404,
 * as the entry and application routes answer for records they may not see. Writing: the creator,
 * staff, and the brand's owners, managers and reviewers (`messageWriters`: a viewer reads only,
 * 403). Hiding a message is staff's (the route's `app.requireStaff`). A deactivated creator or a
 * removed member is refused before any of this: their tokens no longer pass the access check.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `threadReaders`: the record whose thread the route reads or writes. */
    conversation?: { subject: ThreadSubject; thread: ThreadRow | undefined };
  }
}

/** Whether the caller takes part in the thread of this record (reads it). */
export function canReadThread(
  caller: Caller,
  subject: Pick<ThreadSubject, 'creatorId' | 'brandId'>,
): boolean {
  if (isStaff(caller)) return true;
  if (hasRole(caller, 'creator')) return caller.id === subject.creatorId;
  return hasRole(caller, 'brand') && caller.brandId !== null && caller.brandId === subject.brandId;
}

/** Whether a reader of the thread may also write in it (a brand viewer may not). */
export function canPostInThread(
  caller: Caller,
  subject: Pick<ThreadSubject, 'creatorId' | 'brandId'>,
): boolean {
  return canReadThread(caller, subject) && brandMay(caller, 'review');
}

/**
 * Whose threads the caller's inbox lists: a creator's own, a brand member's brand's (every role),
 * and for staff the threads they wrote in (they may open any other). Null: a brand user of no brand.
 */
export function inboxOf(caller: Pick<Caller, 'id' | 'role' | 'brandId'>): ThreadOwner | null {
  if (hasRole(caller, 'creator')) return { creatorId: caller.id };
  if (isStaff(caller)) return { staffId: caller.id };
  return caller.brandId === null ? null : { brandId: caller.brandId };
}

/** Staff read a hidden message's body and the reason it was hidden; everyone else the placeholder. */
export function seesHiddenMessages(caller: Pick<Caller, 'role'>): boolean {
  return isStaff(caller);
}

/** The inbox names the other side: the brand for its creator, the creator for everyone else. */
export function seesBrandAsCounterpart(caller: Pick<Caller, 'role'>): boolean {
  return hasRole(caller, 'creator');
}

/** Whom a message is from, by the author's role (only creators, brands and staff are in a thread). */
export function sideOf(caller: Pick<Caller, 'role'>): MessageSide {
  if (isStaff(caller)) return 'staff';
  return hasRole(caller, 'brand') ? 'brand' : 'creator';
}

/** Of a brand's team, who writes in its threads: owners, managers and reviewers (a viewer gets 403). */
export const messageWriters = brandRoleGuard('review');

/**
 * A route's preHandler, after `app.requireUser`: loads the application or entry named by `:id` and
 * lets through only the people of its thread (404 for anyone else, and for no such record).
 */
export function threadReaders(deps: Pick<AppDeps, 'database'>, kind: ThreadKind) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = request.caller!;
    const { id } = request.params as { id: number };
    const found = await subjectOf(deps.database.db, kind, id);
    if (!found || !canReadThread(caller, found.subject))
      throw new AppError('not_found', MESSAGES.generic.notFound);
    request.conversation = found;
  };
}
