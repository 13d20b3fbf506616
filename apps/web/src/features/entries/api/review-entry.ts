import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNoteBody, Entry, EntryNote, RequestRevisionBody } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { entriesQueryKey } from './get-entry';

/** POST /api/entries/{id}/notes/ — a note pinned to a moment (reviewers), or a reply. */
export function addNote(entryId: number, body: CreateNoteBody): Promise<EntryNote> {
  return apiRequest<EntryNote>(`/api/entries/${entryId}/notes/`, { method: 'POST', body });
}

/** POST /api/entries/{id}/notes/{noteId}/resolve/ — reviewers. */
export function resolveNote(entryId: number, noteId: number): Promise<EntryNote> {
  return apiRequest<EntryNote>(`/api/entries/${entryId}/notes/${noteId}/resolve/`, { method: 'POST' });
}

/** POST /api/entries/{id}/request-revision/ — reviewers. */
export function requestRevision(entryId: number, body: RequestRevisionBody): Promise<Entry> {
  return apiRequest<Entry>(`/api/entries/${entryId}/request-revision/`, { method: 'POST', body });
}

/** The reviewing actions of an entry page; each refreshes the entry. */
export function useReviewEntry(entryId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: entriesQueryKey });
  return {
    addNote: useMutation({
      mutationFn: (body: CreateNoteBody) => addNote(entryId, body),
      onSuccess: refresh,
    }),
    resolveNote: useMutation({
      mutationFn: (noteId: number) => resolveNote(entryId, noteId),
      onSuccess: refresh,
    }),
    requestRevision: useMutation({
      mutationFn: (body: RequestRevisionBody) => requestRevision(entryId, body),
      onSuccess: refresh,
    }),
  };
}
