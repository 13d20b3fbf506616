import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { LIMITS, type DashboardVideo, type MyVideoPlays } from '@app/domain';
import { ProcessingProgress } from '../../../components/processing-progress';
import { paths } from '../../../config/paths';
import { formatDate } from '../lib/profile-values';
import { useLiveInvalidation } from '../../../lib/live-events';
import { creatorDashboardQueryKey } from '../api/get-creator-dashboard';
import { useMyVideoPlays } from '../api/get-my-video-plays';

type PlayNumbers = MyVideoPlays['videos'][number];

/** The owner's play numbers of a video (issue 33): first-party counts, none for unplayed videos. */
function PlayLine({ plays }: { plays: PlayNumbers | undefined }) {
  if (!plays) return null;
  const watched = Math.round(plays.average_watched * 100);
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {plays.plays.toLocaleString('en-US')} {plays.plays === 1 ? 'play' : 'plays'} ·{' '}
      {plays.viewers.toLocaleString('en-US')} {plays.viewers === 1 ? 'viewer' : 'viewers'}
      {plays.viewers > 0 ? ` · ${watched}% watched on average` : ''}
    </Typography>
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
} as const;

/** The owner's view of the review (issue 13): a rejected video says why; a waiting one says so. */
function ReviewState({ video }: { video: DashboardVideo }) {
  if (video.status !== 'ready') return null;
  if (video.review_status === 'rejected') {
    return (
      <Stack spacing={0.5} sx={{ mt: 1, alignItems: 'flex-start' }}>
        <Chip size="small" color="error" variant="outlined" label="Rejected" />
        {video.review_reason && (
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            Reason: {video.review_reason}
          </Typography>
        )}
      </Stack>
    );
  }
  if (video.review_status === 'pending') {
    return <Chip size="small" variant="outlined" color="warning" label="Waiting for review" sx={{ mt: 1 }} />;
  }
  return null;
}

function VideoCard({ video, plays }: { video: DashboardVideo; plays?: PlayNumbers }) {
  const isContest = video.type === 'contest';
  return (
    <Card
      sx={{
        height: '100%',
        transition: 'transform 200ms ease-out',
        '&:hover': { transform: 'translateY(-2px)' },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={paths.videos(video.id)}
        sx={{ height: '100%', alignItems: 'stretch' }}
      >
        <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'background.default' }}>
          {video.thumbnail ? (
            <Box
              component="img"
              src={video.thumbnail}
              alt=""
              loading="lazy"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center' }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                No Thumbnail
              </Typography>
            </Stack>
          )}
          <Chip
            size="small"
            label={isContest ? 'Contest Entry' : 'Standalone'}
            aria-describedby={isContest && video.contest_title ? `contest-of-${video.id}` : undefined}
            color={isContest ? 'primary' : 'secondary'}
            sx={{ position: 'absolute', top: 8, left: 8 }}
          />
        </Box>
        <CardContent>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {video.title}
          </Typography>
          {isContest && video.contest_title && (
            <Typography id={`contest-of-${video.id}`} variant="body2" sx={{ color: 'primary.main' }}>
              {video.contest_title}
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Uploaded {formatDate(video.created_at)}
          </Typography>
          {video.status === 'ready' && <PlayLine plays={plays} />}
          {video.status === 'processing' && (
            <Chip size="small" variant="outlined" color="info" label="Processing…" sx={{ mt: 1 }} />
          )}
          <ProcessingProgress video={video} />
          {video.status === 'failed' && (
            <Typography variant="body2" role="status" sx={{ color: 'error.main', mt: 1 }}>
              Processing failed{video.failure_reason ? `: ${video.failure_reason}` : ''}
            </Typography>
          )}
          <ReviewState video={video} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

interface MyVideosProps {
  videos: DashboardVideo[] | undefined;
  loading: boolean;
  onUpload: () => void;
}

/** Spec §2 My Videos: All Videos and Recent Uploads (the 5 newest), cards linking /videos/{id}. */
export function MyVideos({ videos, loading, onUpload }: MyVideosProps) {
  // Processing stage and percent move as the worker reports them (issue 32).
  useLiveInvalidation('video', creatorDashboardQueryKey);
  const [tab, setTab] = useState<'all' | 'recent'>('all');
  // The numbers load beside the list; a card shows them once they are here.
  const { data: plays } = useMyVideoPlays();
  const playsOf = new Map(plays?.videos.map((row) => [row.video_id, row]));
  const all = videos ?? [];
  // The API lists newest first; sort again so the rule holds whatever the order.
  const shown =
    tab === 'all'
      ? all
      : [...all].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, LIMITS.recentUploadsShown);

  return (
    <Card component="section" aria-labelledby="my-videos-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
        >
          <Typography id="my-videos-heading" component="h2" variant="h4">
            My Videos
          </Typography>
          <Button variant="contained" startIcon={<CloudUploadOutlined />} onClick={onUpload}>
            Upload Video
          </Button>
        </Stack>
        <Tabs
          value={tab}
          onChange={(_, value: 'all' | 'recent') => setTab(value)}
          aria-label="My videos"
          sx={{ mt: 1 }}
        >
          <Tab value="all" label="All Videos" id="videos-tab-all" aria-controls="videos-panel" />
          <Tab value="recent" label="Recent Uploads" id="videos-tab-recent" aria-controls="videos-panel" />
        </Tabs>
        <Box role="tabpanel" id="videos-panel" aria-labelledby={`videos-tab-${tab}`} sx={{ pt: 2 }}>
          {loading ? (
            <Box sx={grid} aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Box key={i}>
                  <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
                  <Skeleton width="70%" />
                  <Skeleton width="40%" />
                </Box>
              ))}
            </Box>
          ) : shown.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 4 }}>
              <Typography sx={{ color: 'text.secondary' }}>
                {tab === 'all' ? "You haven't uploaded any videos yet." : 'No recent uploads.'}
              </Typography>
              <Button variant="contained" onClick={onUpload} sx={{ mt: 2 }}>
                Upload Your First Video
              </Button>
            </Box>
          ) : (
            <Box sx={grid}>
              {shown.map((video) => (
                <VideoCard key={video.id} video={video} plays={playsOf.get(video.id)} />
              ))}
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
