import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import { awardLabel } from './trophy-badge';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  CircularProgress,
  Container,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { VideoPlayer } from '../../../components/video-player';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useVideo } from '../api/get-video';
import { VideoQcReport } from './video-qc-report';
import { formatDuration, postedDate } from '../lib/normalize-video';

/**
 * The video page: heading 'Video Details', the player (HLS renditions with captions once
 * processed, loaded only here), title, creator, brand, contest, date and description, and the
 * original's download for those allowed.
 */
export function VideoDetails({ id }: { id: string }) {
  const { data: video, isPending, isError, error } = useVideo(id);
  const session = useSession();
  const isOwner = !!video && video.creatorId !== null && session?.user.id === video.creatorId;
  usePageTitle(video?.title || 'Video Details');

  let body;
  if (isPending) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 12 }}>
        <CircularProgress aria-label="Loading video" />
      </Box>
    );
  } else if (isError || !video) {
    const missing = error instanceof ApiError && error.status === 404;
    body = (
      <Alert
        severity={missing ? 'info' : 'error'}
        action={
          <Button component={RouterLink} to={paths.library} color="inherit">
            Video Library
          </Button>
        }
      >
        {missing
          ? 'This video does not exist or is not public yet.'
          : 'Failed to load this video. Please try again.'}
      </Alert>
    );
  } else {
    body = (
      <Stack spacing={3}>
        <Box
          sx={{
            bgcolor: 'common.black',
            borderRadius: 1,
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
            aspectRatio: '16 / 9',
          }}
        >
          <VideoPlayer
            playback={video.playback}
            originalUrl={video.videoUrl}
            previewUrl={video.thumbnail}
            poster={video.posterUrl}
            title={video.title}
            videoId={video.id}
          />
        </Box>
        {video.downloadUrl && (
          <Box>
            <Button variant="outlined" href={video.downloadUrl} download>
              Download original
            </Button>
          </Box>
        )}
        <Box>
          <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {video.title}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
          >
            {video.award && (
              <Chip
                icon={<EmojiEventsRounded />}
                label={awardLabel(video.award)}
                color="primary"
                size="small"
              />
            )}
            {video.brand && <Chip label={video.brand} color="secondary" variant="outlined" size="small" />}
            <Chip label={video.type === 'contest' ? 'Contest Entry' : 'Standalone'} size="small" />
            {video.duration !== null && <Chip label={formatDuration(video.duration)} size="small" />}
          </Stack>
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={video.creatorProfile?.profilePicture || undefined} alt="">
            {video.creator.slice(0, 1)}
          </Avatar>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{video.creator}</Typography>
            <Typography variant="body2" color="text.secondary">
              Posted: {postedDate(video.createdAt)}
            </Typography>
          </Box>
        </Stack>
        {video.contestId !== null && (
          <Typography>
            Contest:{' '}
            <Link component={RouterLink} to={paths.contest(video.contestId)}>
              {video.contestTitle ?? `Contest ${video.contestId}`}
            </Link>
          </Typography>
        )}
        {video.description && (
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {video.description}
          </Typography>
        )}
        {isOwner && <VideoQcReport videoId={video.id} />}
      </Stack>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h2" component="h1" sx={{ mb: 3 }}>
        Video Details
      </Typography>
      {body}
    </Container>
  );
}
