import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationMessage, HideMessageBody } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKey } from './get-threads';

/** POST /api/messages/{id}/hide/ `{reason}` (staff). */
export function hideMessage(messageId: number, body: HideMessageBody) {
  return apiRequest<ConversationMessage>(`/api/messages/${messageId}/hide/`, { method: 'POST', body });
}

export function useHideMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, reason }: { messageId: number; reason: string }) =>
      hideMessage(messageId, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationsKey }),
  });
}
