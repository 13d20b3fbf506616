import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { ApiError } from '../../../lib/api-client';
import { useReviewQueue, type StaffReviewFilter } from '../api/get-review-queue';
import { STAFF_REVIEW_FILTERS } from '@app/domain';
import { useQueueKeyboard } from '../lib/use-queue-keyboard';
import { useQueueView } from '../lib/use-queue-view';
import { useReviewDecisions, type RejectTarget } from '../lib/use-review-decisions';
import { BulkDecisionBar } from './bulk-decision-bar';
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

export { ALREADY_DECIDED } from '../lib/use-review-decisions';

const EMPTY: Record<StaffReviewFilter, string> = {
  pending: 'Nothing is waiting for review. New uploads appear here, oldest first.',
  approved: 'No approved videos yet.',
  rejected: 'No rejected videos.',
  failed: 'No video has failed processing.',
};

/**
 * The review queue (/staff/review): filter tabs, the page's videos oldest first, one decision per
 * row or one for the selected rows, and the keys j/k/a/r/x for working without a mouse.
 */
export function ReviewQueue() {
  const { filter, page, setFilter, setPage, active, setActive, selected, setSelected, toggle } =
    useQueueView();
  const queue = useReviewQueue(filter, page);
  const videos = queue.data?.results ?? [];

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

  const decisions = useReviewDecisions({
    onSend: () => {
      refocus.current = true;
    },
    onBulkDecided: () => setSelected(new Set()),
  });
  const { busy } = decisions;

  const moveTo = (index: number) => {
    setActive(index);
    const card = cards.current[index];
    card?.focus();
    card?.scrollIntoView?.({ block: 'nearest' });
  };

  useQueueKeyboard({
    count: videos.length,
    active: current,
    enabled: !busy && !rejecting,
    moveTo,
    approve: (index) => videos[index] && decisions.approveOne(videos[index]),
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
    if (rejecting) decisions.reject(rejecting, reason, closeReject);
  };

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

      <BulkDecisionBar
        videos={videos}
        selected={selected}
        onSelect={setSelected}
        busy={busy}
        onApprove={decisions.approveSelected}
        onReject={(ids) => setRejecting({ kind: 'bulk', ids })}
      />

      <QueueRows queue={queue} filter={filter}>
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
            onApprove={() => decisions.approveOne(video)}
            onReject={() => setRejecting({ kind: 'one', video })}
          />
        ))}
      </QueueRows>

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
        busy={decisions.rejectPending}
        onCancel={closeReject}
        onReject={sendReject}
      />
    </Stack>
  );
}

/** The page's rows (`children`), or while there are none to show: loading, failed, or empty. */
function QueueRows({
  queue,
  filter,
  children,
}: {
  queue: ReturnType<typeof useReviewQueue>;
  filter: StaffReviewFilter;
  children: ReactNode;
}) {
  if (queue.isPending)
    return (
      <Stack spacing={2} aria-busy="true" aria-label="Loading videos">
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={260} />
        ))}
      </Stack>
    );
  if (queue.isError)
    return (
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
    );
  if (queue.data.results.length === 0)
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>{EMPTY[filter]}</Typography>
      </Box>
    );
  return (
    <Stack spacing={2} aria-label={`${FILTER_LABELS[filter]} videos`} component="section">
      {children}
    </Stack>
  );
}
