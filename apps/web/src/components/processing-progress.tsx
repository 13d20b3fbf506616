import { Box, LinearProgress, Typography } from '@mui/material';
import type { VideoProcessingStage } from '@app/domain';

/** What each processing stage is called (issue 16). */
export const STAGE_LABELS: Partial<Record<VideoProcessingStage, string>> = {
  queued: 'Waiting to process',
  poster: 'Making the poster and preview',
  first_rendition: 'Making the first playable version',
  renditions: 'Making the other sizes (already playable)',
};

/** Whether processing still works on a video (its stage or percent may still change). */
export function isStillProcessing(video: {
  status: 'processing' | 'ready' | 'failed';
  processing: { stage: VideoProcessingStage };
}): boolean {
  return (
    video.status === 'processing' ||
    (video.status === 'ready' && !['done', 'failed'].includes(video.processing.stage))
  );
}

/**
 * The stage and its percent while processing works on a video, as a labelled progress bar
 * (the owner's videos, the staff review queue); nothing once it is done or failed.
 */
export function ProcessingProgress({
  video,
}: {
  video: {
    id: number;
    status: 'processing' | 'ready' | 'failed';
    processing: { stage: VideoProcessingStage; percent: number };
  };
}) {
  const label = STAGE_LABELS[video.processing.stage];
  if (!label || video.status === 'failed') return null;
  const percent = video.processing.percent;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" id={`processing-${video.id}`} sx={{ color: 'text.secondary' }}>
        {label} — {percent}%
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={`processing-${video.id}`}
        sx={{ mt: 0.5 }}
      />
    </Box>
  );
}
