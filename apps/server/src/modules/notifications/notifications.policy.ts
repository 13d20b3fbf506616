import type { Role } from '@app/domain';
import { callerOf, type AccessCheck, type Caller } from '../../plugins/auth';

/**
 * Who may read and change notifications (issue 32). The inbox, the e-mail preferences and the
 * stream ticket are for signed-in users (the routes declare `app.requireUser`), and every read and
 * write is keyed by the caller's id: ids of another user's notifications are ignored, never
 * refused. Two doors take no session: one-click unsubscribe, whose signed token names the user and
 * the category, and the live stream, opened with a ticket (`ticketHolder`).
 */

/** What a stream ticket records of the caller who asked for it. */
export interface TicketGrant {
  userId: number;
  role: Role;
  tokenVersion: number;
  sessionId: string | null;
}

/**
 * Whom a stream ticket admits: the account it was issued to, while the session it was issued in
 * still holds (not signed out, the account not deactivated); null otherwise.
 */
export function ticketHolder(ticket: TicketGrant, isCurrent: AccessCheck): Promise<Caller | null> {
  return callerOf(
    {
      id: ticket.userId,
      role: ticket.role,
      tokenVersion: ticket.tokenVersion,
      ...(ticket.sessionId ? { sessionId: ticket.sessionId } : {}),
    },
    isCurrent,
  );
}
