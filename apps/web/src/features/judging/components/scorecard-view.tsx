import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import { formatMoney, JUDGING_LIMITS, ordinal } from '@app/domain';
import { VideoPlayer } from '../../../components/video-player';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { useScorecard } from '../api/get-scorecard';

/** The entrant's scorecard: score per criterion, rank band, place and every judge's feedback. */
export function ScorecardView({ entryId }: { entryId: number }) {
  const card = useScorecard(entryId);
  if (card.isPending) return <Skeleton variant="rounded" height={360} />;
  if (card.isError) {
    const error = card.error instanceof ApiError ? card.error : null;
    return (
      <Alert severity={error?.code === 'results_not_published' ? 'info' : 'error'}>
        {error?.code === 'results_not_published'
          ? 'The results of this contest are not published yet. You will get an e-mail when they are.'
          : (error?.userMessage() ?? 'The scorecard could not be loaded.')}
      </Alert>
    );
  }
  const s = card.data;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 320px) 1fr' } }}>
      <Box
        sx={{
          aspectRatio: '9 / 16',
          maxHeight: { xs: 480, md: 560 },
          // As wide as its height allows, centred (on phones the page column is wider).
          justifySelf: 'center',
          width: '100%',
          maxWidth: { xs: 270, md: 315 },
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'common.black',
        }}
      >
        <VideoPlayer
          playback={s.video.playback}
          originalUrl={null}
          previewUrl={s.video.preview_url}
          poster={s.video.poster_url}
          title={s.video.title}
        />
      </Box>
      <Stack spacing={3}>
        <Card component="section" aria-labelledby="standing-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {s.contest_title}
            </Typography>
            <Typography id="standing-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
              {s.video.title}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
              {s.place ? (
                <Chip
                  color="primary"
                  icon={<EmojiEventsRounded />}
                  label={`${ordinal(s.place)} place${s.prize_cents ? ` · ${formatMoney(s.prize_cents, s.currency)}` : ''}`}
                />
              ) : null}
              <Chip variant="outlined" label={s.rank_band_label} />
              <Chip variant="outlined" label={`Rank ${s.rank} of ${s.entries_count}`} />
            </Stack>
            <Typography variant="h3" component="p">
              {s.weighted_average?.toFixed(2) ?? '—'}
              <Typography component="span" variant="body1" sx={{ color: 'text.secondary', ml: 1 }}>
                / 10 weighted, from {s.judges} {s.judges === 1 ? 'judge' : 'judges'}
              </Typography>
            </Typography>
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="criteria-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
            <Typography id="criteria-heading" component="h2" variant="h5">
              Score per criterion
            </Typography>
            {s.criteria.map((c) => (
              <Box key={c.criterion}>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="body2">
                    {c.criterion}{' '}
                    <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                      weight {c.weight}%
                    </Typography>
                  </Typography>
                  <Typography variant="body2">{c.average?.toFixed(2) ?? '—'} / 10</Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={((c.average ?? 0) / JUDGING_LIMITS.scoreMax) * 100}
                  aria-label={`${c.criterion}: ${c.average?.toFixed(2) ?? 'not scored'} out of 10`}
                />
              </Box>
            ))}
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="feedback-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
            <Typography id="feedback-heading" component="h2" variant="h5">
              What the judges wrote
            </Typography>
            {s.feedback.length === 0 && (
              <Typography sx={{ color: 'text.secondary' }}>The judges left no written feedback.</Typography>
            )}
            {s.feedback.map((f) => (
              <Box key={f.judge} component="figure" sx={{ m: 0 }}>
                <Typography component="figcaption" variant="subtitle2">
                  {f.judge}
                </Typography>
                <Typography
                  component="blockquote"
                  sx={{ m: 0, whiteSpace: 'pre-wrap', color: 'text.secondary' }}
                >
                  {f.feedback}
                </Typography>
              </Box>
            ))}
          </CardContent>
        </Card>
        <Box>
          <Button component={RouterLink} to={paths.contest(s.contest_id)} variant="outlined">
            See the contest’s winners
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
