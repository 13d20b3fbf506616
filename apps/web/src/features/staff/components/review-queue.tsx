import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../components/notifications';
import { useReviewQueue, type StaffReviewFilter } from '../api/get-review-queue';
import { useApproveVideo } from '../api/approve-video';
import { useRejectVideo } from '../api/reject-video';
import { useBulkApproveVideos } from '../api/bulk-approve-videos';
import { useBulkRejectVideos } from '../api/bulk-reject-videos';
import { STAFF_MESSAGES, STAFF_REVIEW_FILTERS, type BulkReviewResponse, type StaffVideo } from '@app/domain';
import { useQueueKeyboard } from '../lib/use-queue-keyboard';
import { KeyboardHint } from './keyboard-hint';
import { PageNav } from './page-nav';
import { RejectDialog } from './reject-dialog';
import { ReviewCard } from './review-card';

export const FILTER_LABELS: Record<StaffReviewFilter, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  rejected: 'Rejected',
  failed: 'Failed processing',
};

/** Shown when another decision came first (409): the queue is read again to show the row as it is now. */
export const ALREADY_DECIDED = `${STAFF_MESSAGES.alreadyDecided} The queue now shows it as it is.`;

const EMPTY: Record<StaffReviewFilter, string> = {
  pending: 'Nothing is waiting for review. New uploads appear here, oldest first.',
  approved: 'No approved videos yet.',
  rejected: 'No rejected videos.',
  failed: 'No video has failed processing.',
};

function readFilter(value: string | null): StaffReviewFilter {
  return STAFF_REVIEW_FILTERS.find((filter) => filter === value) ?? 'pending';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

type RejectTarget = { kind: 'one'; video: StaffVideo } | { kind: 'bulk'; ids: number[] };

/**
 * The review queue (/staff/review): filter tabs, the page's videos oldest first, one decision per
 * row or one for the selected rows, and the keys j/k/a/r/x for working without a mouse.
 */
export function ReviewQueue() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params.get('review'));
  const page = readPage(params.get('page'));
  const queue = useReviewQueue(filter, page);
  const videos = queue.data?.results ?? [];

  const notify = useNotify();
  const approve = useApproveVideo();
  const reject = useRejectVideo();
  const bulkApprove = useBulkApproveVideos();
  const bulkReject = useBulkRejectVideos();
  const busy = approve.isPending || reject.isPending || bulkApprove.isPending || bulkReject.isPending;

  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const cards = useRef<(HTMLElement | null)[]>([]);
  const current = Math.min(active, Math.max(videos.length - 1, 0));

  // A decided row leaves the list and took the focus with it: hand it to the row now current, so
  // the keys and the focus outline go on from there.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || document.activeElement !== document.body) return;
    refocus.current = false;
    cards.current[current]?.focus();
  }, [queue.data, current]);

  // Another filter or page starts at its first row with nothing selected (state adjusted while
  // rendering, as React advises, rather than in an effect).
  const view = `${filter}:${page}`;
  const [shownView, setShownView] = useState(view);
  if (shownView !== view) {
    setShownView(view);
    setActive(0);
    setSelected(new Set());
  }

  const setFilter = (next: StaffReviewFilter) => setParams({ review: next });
  const setPage = (next: number) => setParams({ review: filter, page: String(next) });

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

  const moveTo = (index: number) => {
    setActive(index);
    const card = cards.current[index];
    card?.focus();
    card?.scrollIntoView?.({ block: 'nearest' });
  };
  const approveOne = (video: StaffVideo) => {
    if (video.review_status !== 'pending' || video.status !== 'ready') return;
    refocus.current = true;
    approve.mutate(video.id, {
      onSuccess: () =>
        notify(`Approved “${video.title}”. It is now public in the library.`, { severity: 'success' }),
      onError: failed,
    });
  };
  const toggle = (id: number) =>
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  useQueueKeyboard({
    count: videos.length,
    active: current,
    enabled: !busy && !rejecting,
    moveTo,
    approve: (index) => videos[index] && approveOne(videos[index]),
    reject: (index) => {
      const video = videos[index];
      if (video?.review_status === 'pending') setRejecting({ kind: 'one', video });
    },
    toggleSelected: (index) => videos[index] && toggle(videos[index].id),
  });

  const closeReject = () => {
    const target = rejecting;
    setRejecting(null);
    // Back to the row the dialog was opened from, so the keys go on working from there.
    if (target?.kind === 'one') requestAnimationFrame(() => cards.current[current]?.focus());
  };
  const sendReject = (reason: string) => {
    if (!rejecting) return;
    refocus.current = true;
    if (rejecting.kind === 'one') {
      const { video } = rejecting;
      reject.mutate(
        { id: video.id, reason },
        {
          onSuccess: () =>
            notify(`Rejected “${video.title}”. Its creator has been told why.`, { severity: 'success' }),
          onError: failed,
          onSettled: closeReject,
        },
      );
    } else {
      bulkReject.mutate(
        { ids: rejecting.ids, reason },
        {
          onSuccess: (answer) => {
            notifyBulk('Rejected', answer);
            setSelected(new Set());
          },
          onError: failed,
          onSettled: closeReject,
        },
      );
    }
  };

  const pendingIds = videos.filter((video) => video.review_status === 'pending').map((video) => video.id);
  const chosen = [...selected].filter((id) => pendingIds.includes(id));
  const approvable = videos
    .filter((video) => chosen.includes(video.id) && video.status === 'ready')
    .map((video) => video.id);
  const allSelected = pendingIds.length > 0 && pendingIds.every((id) => selected.has(id));

  return (
    <Stack spacing={3}>
      <Tabs
        value={filter}
        onChange={(_, value: StaffReviewFilter) => setFilter(value)}
        aria-label="Review status"
        variant="scrollable"
      >
        {STAFF_REVIEW_FILTERS.map((value) => (
          <Tab key={value} value={value} label={FILTER_LABELS[value]} />
        ))}
      </Tabs>

      <KeyboardHint />

      {pendingIds.length > 0 && (
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          role="region"
          aria-label="Bulk decision"
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <FormControlLabel
            control={
              <Checkbox
                checked={allSelected}
                indeterminate={chosen.length > 0 && !allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(pendingIds))}
              />
            }
            label={chosen.length ? `${chosen.length} selected` : 'Select all on this page'}
          />
          <Button
            variant="outlined"
            disabled={busy || approvable.length === 0}
            onClick={() =>
              bulkApprove.mutate(approvable, {
                onSuccess: (answer) => {
                  notifyBulk('Approved', answer);
                  setSelected(new Set());
                },
                onError: failed,
              })
            }
          >
            Approve selected
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={busy || chosen.length === 0}
            onClick={() => setRejecting({ kind: 'bulk', ids: chosen })}
          >
            Reject selected
          </Button>
        </Stack>
      )}

      {queue.isPending ? (
        <Stack spacing={2} aria-busy="true" aria-label="Loading videos">
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={260} />
          ))}
        </Stack>
      ) : queue.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void queue.refetch()}>
              Try again
            </Button>
          }
        >
          {queue.error instanceof ApiError ? queue.error.userMessage() : 'Failed to load the review queue.'}
        </Alert>
      ) : videos.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{EMPTY[filter]}</Typography>
        </Box>
      ) : (
        <Stack spacing={2} aria-label={`${FILTER_LABELS[filter]} videos`} component="section">
          {videos.map((video, index) => (
            <ReviewCard
              key={video.id}
              ref={(element) => {
                cards.current[index] = element;
              }}
              video={video}
              active={index === current}
              selected={selected.has(video.id)}
              busy={busy}
              onActivate={() => setActive(index)}
              onToggleSelected={() => toggle(video.id)}
              onApprove={() => approveOne(video)}
              onReject={() => setRejecting({ kind: 'one', video })}
            />
          ))}
        </Stack>
      )}

      {queue.data && (
        <PageNav
          page={page}
          count={queue.data.count}
          hasPrevious={Boolean(queue.data.previous)}
          hasNext={Boolean(queue.data.next)}
          noun="videos"
          onPage={setPage}
        />
      )}

      <RejectDialog
        open={rejecting !== null}
        subject={
          rejecting?.kind === 'one' ? `“${rejecting.video.title}”` : `${rejecting?.ids.length ?? 0} videos`
        }
        busy={reject.isPending || bulkReject.isPending}
        onCancel={closeReject}
        onReject={sendReject}
      />
    </Stack>
  );
}
