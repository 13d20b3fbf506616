import { Box, Card, CardContent, Typography } from '@mui/material';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import { formatMoney, ordinal } from '@app/domain';
import { VideoPlayer } from '../../../components/video-player';
import { useContestResults } from '../api/get-contest-results';

/** The contest page's results: the winners with their films, once published (nothing before). */
export function ContestResults({ contestId }: { contestId: number | undefined }) {
  const results = useContestResults(contestId);
  const data = results.data;
  if (!data?.published_at || data.winners.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="results-heading" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography id="results-heading" component="h2" variant="h3" sx={{ mb: 1 }}>
        Winners
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Chosen by the judges from {data.entries_count} {data.entries_count === 1 ? 'entry' : 'entries'}.
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {data.winners.map((w) => (
          <Card component="li" key={w.entry_id}>
            <Box sx={{ bgcolor: 'common.black', display: 'flex', justifyContent: 'center' }}>
              <Box sx={{ aspectRatio: '9 / 16', height: 480, maxWidth: '100%' }}>
                <VideoPlayer
                  playback={w.video.playback}
                  originalUrl={null}
                  previewUrl={w.video.preview_url}
                  poster={w.video.poster_url}
                  title={w.video.title}
                />
              </Box>
            </Box>
            <CardContent>
              <Typography
                variant="overline"
                sx={{ color: 'primary.main', display: 'flex', alignItems: 'center', gap: 0.5 }}
              >
                <EmojiEventsRounded fontSize="small" aria-hidden /> {ordinal(w.place)} place
                {w.prize_cents > 0 && ` · ${formatMoney(w.prize_cents, w.currency)}`}
              </Typography>
              <Typography component="h3" variant="h6">
                {w.video.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                by {w.creator_name}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
