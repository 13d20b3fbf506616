import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, Pagination, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { ENTRY_STATUS_LABELS, failedWarnings, type EntryFilter, type EntrySummary } from '@app/domain';
import { VideoPlayer } from '../../../components/video-player';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { CONTEST_ENTRIES_PAGE_SIZE, useContestEntries } from '../api/get-contest-entries';
import { entryPath, formatMoment } from '../lib/entry-path';
import { EntryChecks } from './entry-checks';
import { ReleaseCountsChip } from './release-counts';
import { useLiveInvalidation } from '../../../lib/live-events';
import { entriesQueryKey } from '../api/get-entry';

const FILTERS: Array<{ value: EntryFilter | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'needs_review', label: 'Needs review' },
  { value: 'revision_requested', label: 'Revision requested' },
  { value: 'ready_for_judging', label: 'Ready for judging' },
];

function EntryCard({ entry }: { entry: EntrySummary }) {
  const v = entry.video;
  const warnings = failedWarnings(entry.checks).length;
  // An idea round's entry (issue 47) has no video: its title and text.
  if (!v)
    return (
      <Paper component="li" sx={{ p: 2, listStyle: 'none' }} aria-label={`Entry of ${entry.creator.name}`}>
        <Typography variant="subtitle1">{entry.title ?? `Entry ${entry.id}`}</Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {entry.text}
        </Typography>
      </Paper>
    );
  return (
    <Paper component="li" sx={{ p: 2, listStyle: 'none' }} aria-label={`Entry of ${entry.creator.name}`}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '200px minmax(0, 1fr)' },
          gap: 2,
        }}
      >
        <Box sx={{ bgcolor: 'common.black', borderRadius: 1, overflow: 'hidden', height: 280 }}>
          <VideoPlayer
            playback={v.playback}
            originalUrl={null}
            previewUrl={v.thumbnail}
            poster={v.thumbnail_url}
            title={v.title}
          />
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Typography variant="h6" component="h2">
              {entry.creator.name}
            </Typography>
            <Chip size="small" color="primary" label={ENTRY_STATUS_LABELS[entry.status]} />
            <Chip size="small" label={`Version ${entry.version}`} />
            {warnings > 0 && (
              <Chip size="small" color="warning" label={`${warnings} warning${warnings > 1 ? 's' : ''}`} />
            )}
            <ReleaseCountsChip size="small" counts={entry.releases} />
          </Stack>
          <Typography variant="body2">“{v.title}”</Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              v.duration !== null ? formatMoment(v.duration) : null,
              v.width && v.height ? `${v.width}×${v.height}` : null,
              v.video_codec,
              v.content_type,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <EntryChecks checks={entry.checks} label={`Checks of ${entry.creator.name}'s entry`} />
          <Typography variant="body2" color="text.secondary">
            {entry.notes_count} note{entry.notes_count === 1 ? '' : 's'}
            {entry.open_notes_count ? `, ${entry.open_notes_count} open` : ''}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={entryPath(entry.id)} variant="contained" size="small">
              Review entry
            </Button>
            {entry.place != null && (
              <Button
                component={RouterLink}
                to={paths.entryDelivery(entry.id)}
                variant="outlined"
                size="small"
              >
                Delivery
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
    </Paper>
  );
}

/**
 * Contest Submissions (`/contests/:contestId/submissions`, staff and the contest's brand): the
 * entries with player, version, checks, metadata and notes count, filtered by where review stands,
 * a page at a time.
 */
export function ContestEntries({ contestId }: { contestId: string }) {
  const [filter, setFilter] = useState<EntryFilter | 'all'>('all');
  const [page, setPage] = useState(1);
  const entries = useContestEntries(contestId, filter === 'all' ? undefined : filter, page);
  // A new or changed entry shows without a reload (issue 32).
  useLiveInvalidation('entry', [...entriesQueryKey, 'contest', contestId]);
  const pages = entries.data ? Math.max(1, Math.ceil(entries.data.count / CONTEST_ENTRIES_PAGE_SIZE)) : 1;
  return (
    <Stack spacing={2}>
      <Tabs
        value={filter}
        onChange={(_event, value: EntryFilter | 'all') => {
          setFilter(value);
          setPage(1);
        }}
        variant="scrollable"
        // Phones: arrows show that more filters sit past the edge.
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Filter entries"
      >
        {FILTERS.map((item) => (
          <Tab key={item.value} value={item.value} label={item.label} />
        ))}
      </Tabs>
      {entries.isPending && <Typography role="status">Loading entries…</Typography>}
      {entries.isError && (
        <Alert severity="error">
          {entries.error instanceof ApiError && entries.error.status === 403
            ? 'Only the contest team and the brand of this contest review its entries.'
            : 'The entries could not be loaded.'}
        </Alert>
      )}
      {entries.isSuccess && !entries.data.results.length && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 3, p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p" gutterBottom>
            {filter === 'all' ? 'No submissions to review yet' : 'No entry matches this filter'}
          </Typography>
          <Typography color="text.secondary">
            Entries appear here once selected creators submit their films.
          </Typography>
        </Box>
      )}
      {entries.isSuccess && entries.data.results.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }} aria-label="Entries">
          {entries.data.results.map((entry) => (
            <EntryCard key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {entries.isSuccess && pages > 1 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_event, next) => setPage(next)}
            aria-label="Entries pages"
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {entries.data.count} entries
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
