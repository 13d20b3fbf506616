import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationMessage, MessageBody, ThreadKind } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { messagesUrl, threadKey } from './get-messages';
import { threadsKey } from './get-threads';

/** POST …/messages/ `{body}` → the new message (201). */
export function postMessage(kind: ThreadKind, id: number | string, body: MessageBody) {
  return apiRequest<ConversationMessage>(messagesUrl(kind, id), { method: 'POST', body });
}

export function usePostMessage(kind: ThreadKind, id: number | string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageBody) => postMessage(kind, id, body),
    // The composer empties once the thread shows the message; the inbox catches up meanwhile.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: threadsKey });
      return client.invalidateQueries({ queryKey: threadKey(kind, id) });
    },
  });
}
