import { forwardRef } from 'react';
import { Box, Button, Checkbox, Chip, Stack, Typography } from '@mui/material';
import { formatBytes, formatDateTime, formatDuration } from '../../../lib/format';
import { orientationOf, type StaffVideo } from '@app/domain';
import { VideoPlayer } from '../../../components/video-player';
import { ProcessingProgress } from '../../../components/processing-progress';

const ORIENTATION = { portrait: 'Vertical', landscape: 'Horizontal', square: 'Square' } as const;
const PROCESSING = { processing: 'Processing', ready: 'Ready', failed: 'Processing failed' } as const;
const REVIEW = {
  pending: { label: 'Waiting for review', color: 'warning' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
} as const;

/** The file's facts staff check before deciding, as label/value pairs ('—' when unknown). */
function videoFacts(video: StaffVideo): [string, string][] {
  const known = video.width !== null && video.height !== null;
  const codecs = [video.video_codec, video.audio_codec].filter(Boolean).join(' / ');
  return [
    ['Duration', video.duration !== null ? formatDuration(video.duration) : '—'],
    ['Resolution', known ? `${video.width}×${video.height}` : '—'],
    ['Orientation', known ? ORIENTATION[orientationOf(video.width!, video.height!)] : '—'],
    ['Codec', codecs || '—'],
    ['File size', formatBytes(video.size_bytes)],
    ['Uploaded', formatDateTime(video.created_at)],
    ['Processing', PROCESSING[video.status]],
  ];
}

export interface ReviewCardProps {
  video: StaffVideo;
  active: boolean;
  selected: boolean;
  busy: boolean;
  onActivate(): void;
  onToggleSelected(): void;
  onApprove(): void;
  onReject(): void;
}

/**
 * One video of the queue: the shared player (HLS renditions, captions, keyboard) with processing's
 * stage and percent under it while renditions are made, what the creator wrote, the file's facts,
 * and the decision. The current row carries the focus outline and is the one the keys act on.
 */
export const ReviewCard = forwardRef<HTMLElement, ReviewCardProps>(function ReviewCard(
  { video, active, selected, busy, onActivate, onToggleSelected, onApprove, onReject },
  ref,
) {
  const headingId = `review-video-${video.id}`;
  const review = REVIEW[video.review_status];
  const pending = video.review_status === 'pending';
  return (
    <Box
      component="article"
      ref={ref}
      tabIndex={active ? 0 : -1}
      aria-labelledby={headingId}
      aria-current={active ? 'true' : undefined}
      onFocus={onActivate}
      data-testid="review-card"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        gap: { xs: 2, md: 3 },
        p: { xs: 2, sm: 3 },
        borderRadius: 1,
        border: 1,
        borderColor: active ? 'primary.main' : 'divider',
        bgcolor: 'background.paper',
        outline: 'none',
        boxShadow: (theme) => (active ? `0 0 0 1px ${theme.palette.primary.main}` : 'none'),
        transition: 'border-color 150ms ease-out, box-shadow 150ms ease-out',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Box
          sx={{
            width: '100%',
            aspectRatio: '16 / 9',
            bgcolor: 'common.black',
            borderRadius: 1,
            overflow: 'hidden',
          }}
        >
          <VideoPlayer
            playback={video.playback}
            originalUrl={video.video_url || null}
            previewUrl={video.thumbnail}
            poster={video.thumbnail_url}
            title={video.title}
          />
        </Box>
        <ProcessingProgress video={video} />
      </Box>
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Checkbox
            checked={selected}
            onChange={onToggleSelected}
            slotProps={{ input: { 'aria-label': `Select ${video.title}` } }}
            sx={{ mt: -1, ml: -1 }}
          />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography id={headingId} component="h2" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
              {video.title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {video.creator} · {video.creator_email}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" label={review.label} color={review.color} variant="outlined" />
          {video.contest_title && <Chip size="small" label={video.contest_title} />}
        </Stack>
        {video.review_status === 'rejected' && video.review_reason && (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            Reason: {video.review_reason}
          </Typography>
        )}
        {video.status === 'failed' && video.failure_reason && (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            Processing failed: {video.failure_reason}
          </Typography>
        )}
        <Typography
          variant="body2"
          sx={{
            whiteSpace: 'pre-line',
            overflowWrap: 'anywhere',
            color: video.description ? 'text.primary' : 'text.secondary',
          }}
        >
          {video.description || 'No description.'}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
            gap: 1.5,
          }}
        >
          {videoFacts(video).map(([label, value]) => (
            <Box key={label} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {pending && (
          <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
            <Button
              variant="contained"
              onClick={onApprove}
              disabled={busy || video.status !== 'ready'}
              aria-label={`Approve ${video.title}`}
            >
              Approve
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={onReject}
              disabled={busy}
              aria-label={`Reject ${video.title}`}
            >
              Reject
            </Button>
          </Stack>
        )}
        {pending && video.status === 'processing' && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            It can be approved once processing has finished.
          </Typography>
        )}
      </Stack>
    </Box>
  );
});
