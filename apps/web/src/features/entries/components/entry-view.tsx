import { useState } from 'react';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { ENTRY_STATUS_LABELS, formatContestDate, type Entry } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useBrandRole } from '../../../lib/my-brand';
import { useLiveInvalidation } from '../../../lib/live-events';
import { entriesQueryKey, useEntry } from '../api/get-entry';
import { useReviewEntry } from '../api/review-entry';
import { EntryPlayerPanel } from './entry-player-panel';
import { EntrySidePanels, type EntryAside } from './entry-side-panels';
import { ReleaseCountsChip } from './release-counts';

/**
 * The entry page (`/entries/:entryId`, issue 15) for the entrant, staff and the contest's brand:
 * the player with a version switcher, the review notes as markers on a timeline under it
 * (reviewers pin a note by clicking it or pressing N), the notes with replies, the checks and
 * metadata of the version, and the status timeline with dates.
 */
export function EntryView({
  entryId,
  aside,
  below,
}: {
  entryId: string;
  /** Panels beside the player (under it on phones). */
  aside?: EntryAside;
  /** Full-width sections under the entry (its conversation). */
  below?: EntryAside;
}) {
  const entry = useEntry(entryId);
  // Processing of its newest version and new notes show without a reload (issue 32).
  useLiveInvalidation(['video', 'entry_note', 'entry'], [...entriesQueryKey, 'detail', entryId]);
  if (entry.isPending) return <Typography role="status">Loading the entry…</Typography>;
  if (entry.isError)
    return (
      <Alert severity="error">
        {entry.error instanceof ApiError && entry.error.status === 404
          ? 'There is no entry here, or it is not yours to see.'
          : 'The entry could not be loaded.'}
      </Alert>
    );
  return <EntryDetail entry={entry.data} aside={aside} below={below} />;
}

function EntryDetail({ entry, aside, below }: { entry: Entry; aside?: EntryAside; below?: EntryAside }) {
  const session = useSession();
  const review = useReviewEntry(entry.id);
  // null: the newest version (a new one shows as soon as it arrives).
  const [versionNumber, setVersionNumber] = useState<number | null>(null);

  const isEntrant = session?.user.id === entry.creator.id;
  // Staff, and the brand's members whose role reviews (not a viewer, issue 49), pin notes and ask for revisions.
  const mayReview = useBrandRole().may('review');
  const isReviewer =
    !isEntrant && (session?.user.role === 'staff' || (session?.user.role === 'brand' && mayReview));
  const version =
    entry.versions.find((v) => v.version === versionNumber) ?? entry.versions[entry.versions.length - 1]!;

  return (
    <Stack spacing={3}>
      <EntryHeading entry={entry} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gap: 3,
        }}
      >
        <EntryPlayerPanel
          entry={entry}
          version={version}
          isReviewer={isReviewer}
          review={review}
          onVersionChange={(chosen) => setVersionNumber(chosen === entry.version ? null : chosen)}
        />
        <EntrySidePanels
          entry={entry}
          version={version}
          isEntrant={isEntrant}
          isReviewer={isReviewer}
          isStaff={session?.user.role === 'staff'}
          requestRevision={review.requestRevision}
          aside={aside}
        />
      </Box>
      {below?.(entry, { isEntrant, isStaff: session?.user.role === 'staff' })}
    </Stack>
  );
}

/** The contest, the entry's status and releases, its creator and when videos are due. */
function EntryHeading({ entry }: { entry: Entry }) {
  return (
    <Box>
      <Typography variant="h5" component="p">
        {entry.contest_title}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1, rowGap: 1 }}
      >
        <Chip color="primary" label={ENTRY_STATUS_LABELS[entry.status]} />
        <ReleaseCountsChip counts={entry.releases} />
        <Typography color="text.secondary">
          {entry.creator.name} ·{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            videos due {formatContestDate(entry.submission_deadline, entry.timezone, { time: true })}
          </Box>
        </Typography>
      </Stack>
    </Box>
  );
}
