import {
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  type ConversationMessage,
  type MessageSide,
} from '@app/domain';
import type { UserName } from '../accounts';
import type { MessageRow } from './conversations.repository';

/** Who signed a message when the account has no name (or is gone): never its e-mail address. */
const UNNAMED: Record<MessageSide, string> = {
  creator: 'Creator',
  brand: 'Brand team',
  staff: 'Platform team',
};

/**
 * The author's name as the thread shows it: the person's name; a brand member without one, the
 * brand's name. E-mail addresses are not shown to the other side.
 */
export function authorName(side: MessageSide, person: UserName | undefined, brandName: string | undefined) {
  const full = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  if (full) return full;
  if (!person) return 'Deleted account';
  return (side === 'brand' && brandName) || UNNAMED[side];
}

/** A message as the API answers it: a hidden one's body and reason only for staff. */
export function presentMessage(row: MessageRow, name: string, forStaff: boolean): ConversationMessage {
  const hidden = row.hiddenAt !== null;
  return {
    id: row.id,
    author: { id: row.authorId ?? 0, name, side: row.authorSide },
    body: hidden && !forStaff ? CONVERSATION_MESSAGES.hiddenBody : row.body,
    hidden,
    hidden_reason: hidden && forStaff ? row.hiddenReason : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The inbox's preview of a thread's last message. */
export function preview(body: string, hidden: boolean): string {
  if (hidden) return CONVERSATION_MESSAGES.hiddenBody;
  const flat = body.replace(/\s+/g, ' ').trim();
  const max = CONVERSATION_LIMITS.previewMax;
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
