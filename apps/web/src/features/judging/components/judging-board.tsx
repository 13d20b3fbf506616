import { Alert, Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { VideoPlayer } from '../../../components/video-player';
import { formatDateTime } from '../../../lib/format';
import { ApiError } from '../../../lib/api-client';
import { useBrandRole } from '../../../lib/my-brand';
import { useJudgingSheet } from '../api/get-judging-sheet';
import { ScoreForm } from './score-form';

/**
 * The judge's sheet: each entry's newest version in the player, the rubric's controls and
 * feedback. A judge sees only their own scores until the results are published; a brand member
 * whose role does not score (a viewer) watches without the rubric's controls.
 */
export function JudgingBoard({ contestId }: { contestId: number }) {
  const sheet = useJudgingSheet(contestId);
  const mayScore = useBrandRole().may('score');
  if (sheet.isPending)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={420} />
      </Box>
    );
  if (sheet.isError)
    return (
      <Alert severity="error">
        {sheet.error instanceof ApiError ? sheet.error.userMessage() : 'The entries could not be loaded.'}
      </Alert>
    );
  const data = sheet.data;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Alert severity={data.is_open ? 'info' : 'warning'}>
        {data.results_published_at
          ? 'The results are published: scores can no longer change.'
          : data.is_open
            ? `Judging is open until ${formatDateTime(data.judging_ends_at)}. You see only your own scores until the results are published.`
            : `Judging is open from ${formatDateTime(data.judging_starts_at)} to ${formatDateTime(data.judging_ends_at)}.`}
      </Alert>
      {data.rubric.length === 0 && (
        <Alert severity="warning">This contest has no judging criteria yet.</Alert>
      )}
      {data.entries.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>
          No entries have been submitted to this contest yet.
        </Typography>
      )}
      {data.entries.map((entry) => {
        const label = `Entry ${entry.entry_id}`;
        return (
          <Card key={entry.entry_id} component="section" aria-labelledby={`entry-${entry.entry_id}`}>
            <CardContent
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 320px) 1fr' },
                p: { xs: 2, md: 3 },
              }}
            >
              <Box>
                <Box
                  sx={{
                    aspectRatio: '9 / 16',
                    maxHeight: { xs: 480, md: 560 },
                    // As wide as its height allows, centred in the column.
                    width: '100%',
                    maxWidth: { xs: 270, md: 315 },
                    mx: 'auto',
                    borderRadius: 1,
                    overflow: 'hidden',
                    bgcolor: 'common.black',
                  }}
                >
                  <VideoPlayer
                    playback={entry.video.playback}
                    originalUrl={null}
                    previewUrl={entry.video.preview_url}
                    poster={entry.video.poster_url}
                    title={entry.video.title}
                  />
                </Box>
              </Box>
              <Stack spacing={2}>
                <Box>
                  <Typography id={`entry-${entry.entry_id}`} component="h2" variant="h5">
                    {label}: {entry.video.title}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    Version {entry.version} · submitted {formatDateTime(entry.submitted_at)}
                  </Typography>
                </Box>
                {mayScore && (
                  <ScoreForm
                    key={`${entry.entry_id}-${entry.my_score?.updated_at ?? 'new'}`}
                    entryId={entry.entry_id}
                    label={label}
                    rubric={data.rubric}
                    myScore={entry.my_score}
                    open={data.is_open && data.rubric.length > 0}
                  />
                )}
              </Stack>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
