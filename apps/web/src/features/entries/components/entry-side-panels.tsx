import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { ENTRY_LIMITS, type Entry, type EntryVersion } from '@app/domain';
import { EntryTimeline } from '../../../components/entry-timeline';
import { paths } from '../../../config/paths';
import type { useReviewEntry } from '../api/review-entry';
import { formatMoment } from '../lib/entry-path';
import { EntryChecks } from './entry-checks';

type RevisionMutation = ReturnType<typeof useReviewEntry>['requestRevision'];

/** More panels for the side column, given the entry (e.g. its releases). */
export type EntryAside = (entry: Entry, viewer: { isEntrant: boolean; isStaff: boolean }) => ReactNode;

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 ** 2).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The entry page's side column: what the viewer can do next (upload a new version, request a
 * revision), the page's own panels, the status timeline, and the version against the brief.
 */
export function EntrySidePanels({
  entry,
  version,
  isEntrant,
  isReviewer,
  isStaff,
  requestRevision,
  aside,
}: {
  entry: Entry;
  version: EntryVersion;
  isEntrant: boolean;
  isReviewer: boolean;
  isStaff: boolean;
  requestRevision: RevisionMutation;
  aside?: EntryAside;
}) {
  return (
    <Box>
      <Stack spacing={3}>
        {isEntrant && (
          <Button component={RouterLink} to={paths.contestSubmit(entry.contest_id)} variant="contained">
            Upload a new version
          </Button>
        )}
        {isReviewer && (entry.status === 'in_review' || entry.status === 'checked') && (
          <RevisionRequest requestRevision={requestRevision} />
        )}
        {aside?.(entry, { isEntrant, isStaff })}
        <Paper sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            Timeline
          </Typography>
          <EntryTimeline steps={entry.timeline} />
        </Paper>
        <VersionAgainstBrief version={version} />
      </Stack>
    </Box>
  );
}

/** Reviewers send the entry back to its creator, with an optional message. */
function RevisionRequest({ requestRevision }: { requestRevision: RevisionMutation }) {
  const [message, setMessage] = useState('');
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Request a revision
      </Typography>
      <TextField
        label="Message to the creator (optional)"
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        multiline
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: ENTRY_LIMITS.detailMax } }}
      />
      <Button
        sx={{ mt: 1 }}
        variant="outlined"
        disabled={requestRevision.isPending}
        onClick={() =>
          requestRevision.mutate({ message: message.trim() }, { onSuccess: () => setMessage('') })
        }
      >
        Request revision
      </Button>
    </Paper>
  );
}

/** The version's checks against the brief, its file's metadata, and the original to download. */
function VersionAgainstBrief({ version }: { version: EntryVersion }) {
  const v = version.video;
  if (!v) return null;
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        Version {version.version} against the brief
      </Typography>
      <EntryChecks checks={version.checks} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {[
          v.duration !== null ? formatMoment(v.duration) : null,
          v.width && v.height ? `${v.width}×${v.height}` : null,
          v.video_codec,
          v.frame_rate ? `${v.frame_rate} fps` : null,
          v.content_type,
          formatSize(v.size_bytes),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {v.download_url && (
        <Button href={v.download_url} size="small" sx={{ mt: 1 }}>
          Download the original
        </Button>
      )}
    </Paper>
  );
}
