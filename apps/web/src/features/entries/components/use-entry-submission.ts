import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ENTRY_ERROR_CODES,
  type Entry,
  type EntryCheck,
  type RoundKind,
  type SubmitRoundEntryBody,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { agreementChangedIn, contestAgreementKey, useContestAgreement } from '../../../lib/contest-agreement';
import { useSubmitEntry } from '../api/submit-entry';
import { acceptedCurrent } from './agreement-acceptance';

const BRIEF_REFUSALS: string[] = [ENTRY_ERROR_CODES.briefNotMet, ENTRY_ERROR_CODES.confirmWarnings];

/**
 * Submitting a video to a contest: one of the creator's videos chosen (its warnings confirmed),
 * the agreement accepted, and the send. A success starts the choice over; terms that changed
 * since they were shown (409) are shown again and asked for again.
 */
export function useEntrySubmission(contestId: string, round?: { id: number; kind: RoundKind }) {
  const submit = useSubmitEntry(contestId, round?.id);
  const agreement = useContestAgreement(contestId);
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [submitted, setSubmitted] = useState<Entry | null>(null);
  const [agreementChecked, setAgreementChecked] = useState(false);
  const agreementRefused = agreementChangedIn(submit.error) !== null;
  // Submitting needs the agreement read: accepted at its current version before, or ticked now.
  const agreementOk =
    agreement.isSuccess && ((acceptedCurrent(agreement.data) && !agreementRefused) || agreementChecked);
  // The brief's checks (a technical check's refusal lists its checks in the report shown instead).
  const refusedChecks =
    submit.error instanceof ApiError &&
    BRIEF_REFUSALS.includes(submit.error.code ?? '') &&
    Array.isArray(submit.error.body.checks)
      ? (submit.error.body.checks as EntryCheck[])
      : null;

  const choose = (videoId: number) => {
    setChosen(videoId);
    setConfirmed(false);
    submit.reset();
  };

  /**
   * Sends the chosen video (a pitch's title: the video's, `title`), or an idea's title and text;
   * `after` also hears the outcome (the idea form's field errors).
   */
  const sendBody = (
    body: Omit<SubmitRoundEntryBody, 'agreement_sha256'>,
    after?: { onSuccess?: () => void; onError?: (error: unknown) => void },
  ) =>
    submit.mutate(
      { ...body, agreement_sha256: agreement.data?.sha256 },
      {
        onSuccess: (result) => {
          after?.onSuccess?.();
          setSubmitted(result);
          setChosen(null);
          setConfirmed(false);
          setAgreementChecked(false);
          void queryClient.invalidateQueries({ queryKey: contestAgreementKey(contestId) });
        },
        onError: (error) => {
          after?.onError?.(error);
          // The terms changed since they were shown: show the new ones and ask again.
          if (agreementChangedIn(error)) {
            setAgreementChecked(false);
            void queryClient.invalidateQueries({ queryKey: contestAgreementKey(contestId) });
          }
        },
      },
    );

  const send = (videoId: number, confirmWarnings: boolean, title?: string) =>
    sendBody({
      video_id: videoId,
      confirm_warnings: confirmWarnings,
      ...(round?.kind === 'pitch' && title ? { title } : {}),
    });

  return {
    submit,
    agreement,
    agreementChecked,
    setAgreementChecked,
    agreementRefused,
    agreementOk,
    chosen,
    choose,
    confirmed,
    setConfirmed,
    submitted,
    refusedChecks,
    send,
    sendBody,
  };
}
