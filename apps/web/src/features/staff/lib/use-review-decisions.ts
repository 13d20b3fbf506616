import { STAFF_MESSAGES, type BulkReviewResponse, type StaffVideo } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../components/notifications';
import { useApproveVideo } from '../api/approve-video';
import { useRejectVideo } from '../api/reject-video';
import { useBulkApproveVideos } from '../api/bulk-approve-videos';
import { useBulkRejectVideos } from '../api/bulk-reject-videos';

/** Shown when another decision came first (409): the queue is read again to show the row as it is now. */
export const ALREADY_DECIDED = `${STAFF_MESSAGES.alreadyDecided} The queue now shows it as it is.`;

/** What the reject dialog was opened for: one video, or the selected ones. */
export type RejectTarget = { kind: 'one'; video: StaffVideo } | { kind: 'bulk'; ids: number[] };

/**
 * The review queue's decisions — approve or reject one video, or the selected ones — each told in
 * one notice; a decision someone else made first is a warning, not an error.
 */
export function useReviewDecisions({
  onSend,
  onBulkDecided,
}: {
  /** A decision on one row (or a rejection) is being sent: its row is about to leave the list. */
  onSend: () => void;
  /** A bulk decision was saved: the selection is spent. */
  onBulkDecided: () => void;
}) {
  const notify = useNotify();
  const approve = useApproveVideo();
  const reject = useRejectVideo();
  const bulkApprove = useBulkApproveVideos();
  const bulkReject = useBulkRejectVideos();

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'already_decided')
      notify(ALREADY_DECIDED, { severity: 'warning' });
    else
      notify(error instanceof ApiError ? error.userMessage() : 'The decision was not saved.', {
        severity: 'error',
      });
  };

  /** One line for a bulk decision: how many were decided, and how many another decision beat. */
  const notifyBulk = (verb: 'Approved' | 'Rejected', answer: BulkReviewResponse) => {
    const decided = answer.results.filter((result) => result.outcome === 'decided').length;
    const others = answer.results.length - decided;
    const message = `${verb} ${decided} ${decided === 1 ? 'video' : 'videos'}.`;
    if (others === 0) notify(message, { severity: 'success' });
    else
      notify(`${message} ${others} had already been decided by someone else or no longer exist.`, {
        severity: 'warning',
      });
  };

  /** Approves a video waiting for review whose processing is done; any other is left alone. */
  const approveOne = (video: StaffVideo) => {
    if (video.review_status !== 'pending' || video.status !== 'ready') return;
    onSend();
    approve.mutate(video.id, {
      onSuccess: () =>
        notify(`Approved “${video.title}”. It is now public in the library.`, { severity: 'success' }),
      onError: failed,
    });
  };

  const approveSelected = (ids: number[]) =>
    bulkApprove.mutate(ids, {
      onSuccess: (answer) => {
        notifyBulk('Approved', answer);
        onBulkDecided();
      },
      onError: failed,
    });

  /** Rejects what the dialog was opened for, with the reason given; `onSettled` closes the dialog. */
  const rejectTarget = (target: RejectTarget, reason: string, onSettled: () => void) => {
    onSend();
    if (target.kind === 'one') {
      const { video } = target;
      reject.mutate(
        { id: video.id, reason },
        {
          onSuccess: () =>
            notify(`Rejected “${video.title}”. Its creator has been told why.`, { severity: 'success' }),
          onError: failed,
          onSettled,
        },
      );
    } else {
      bulkReject.mutate(
        { ids: target.ids, reason },
        {
          onSuccess: (answer) => {
            notifyBulk('Rejected', answer);
            onBulkDecided();
          },
          onError: failed,
          onSettled,
        },
      );
    }
  };

  return {
    /** A decision is being sent: no other starts meanwhile. */
    busy: approve.isPending || reject.isPending || bulkApprove.isPending || bulkReject.isPending,
    rejectPending: reject.isPending || bulkReject.isPending,
    approveOne,
    approveSelected,
    reject: rejectTarget,
  };
}
