import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Entry, SubmitEntryBody, SubmitRoundEntryBody } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { entriesQueryKey } from './get-entry';

/** POST /api/contests/{id}/entries/ — the first submission, or the next version. */
export function submitEntry(contestId: string, body: SubmitEntryBody): Promise<Entry> {
  return apiRequest<Entry>(`/api/contests/${encodeURIComponent(contestId)}/entries/`, {
    method: 'POST',
    body,
  });
}

/** Submits to the contest, or to the round given (a contest in rounds, issue 47). */
export function useSubmitEntry(contestId: string, roundId?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitRoundEntryBody) =>
      // Without a round, the contest's video flow: its body always has the video.
      roundId === undefined
        ? submitEntry(contestId, body as SubmitEntryBody)
        : submitRoundEntry(roundId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: entriesQueryKey }),
  });
}

/**
 * POST /api/rounds/{id}/entries/ (issue 47) — an idea's title and text, a pitch's title and video,
 * a film's video; again for a new version. 403 `not_advanced`, 409 `round_closed` in the API's words.
 */
export function submitRoundEntry(roundId: number, body: SubmitRoundEntryBody): Promise<Entry> {
  return apiRequest<Entry>(`/api/rounds/${roundId}/entries/`, { method: 'POST', body });
}
