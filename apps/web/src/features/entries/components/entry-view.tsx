import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { ENTRY_LIMITS, ENTRY_STATUS_LABELS, formatContestDate, type Entry } from '@app/domain';
import { VideoPlayer } from '../../../components/video-player';
import { EntryTimeline } from '../../../components/entry-timeline';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { paths } from '../../../config/paths';
import { entriesQueryKey, useEntry } from '../api/get-entry';
import { useReviewEntry } from '../api/review-entry';
import { formatMoment } from '../lib/entry-path';
import { EntryChecks } from './entry-checks';
import { EntryNotes } from './entry-notes';
import { NoteTrack } from './note-track';
import { ReleaseCountsChip } from './release-counts';
import { useLiveInvalidation } from '../../../lib/live-events';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 ** 2).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The player's current time and length, read from the <video> element. */
function useMediaClock(video: HTMLVideoElement | null) {
  const [clock, setClock] = useState({ time: 0, duration: 0 });
  useEffect(() => {
    if (!video) return;
    const update = () => setClock({ time: video.currentTime, duration: video.duration || 0 });
    const events = ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked'];
    for (const name of events) video.addEventListener(name, update);
    update();
    return () => {
      for (const name of events) video.removeEventListener(name, update);
    };
  }, [video]);
  return clock;
}

/**
 * The entry page (`/entries/:entryId`, issue 15) for the entrant, staff and the contest's brand:
 * the player with a version switcher, the review notes as markers on a timeline under it
 * (reviewers pin a note by clicking it or pressing N), the notes with replies, the checks and
 * metadata of the version, and the status timeline with dates.
 */
export function EntryView({
  entryId,
  aside,
}: {
  entryId: string;
  /** More panels for the side column, given the entry (e.g. its releases). */
  aside?: (entry: Entry, viewer: { isEntrant: boolean; isStaff: boolean }) => ReactNode;
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
  return <EntryDetail entry={entry.data} aside={aside} />;
}

function EntryDetail({
  entry,
  aside,
}: {
  entry: Entry;
  aside?: (entry: Entry, viewer: { isEntrant: boolean; isStaff: boolean }) => ReactNode;
}) {
  const session = useSession();
  const review = useReviewEntry(entry.id);
  // null: the newest version (a new one shows as soon as it arrives).
  const [versionNumber, setVersionNumber] = useState<number | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const onMediaElement = useCallback((element: HTMLVideoElement | null) => {
    videoRef.current = element;
    setVideo(element);
  }, []);
  const clock = useMediaClock(video);
  const [draftAt, setDraftAt] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [revisionMessage, setRevisionMessage] = useState('');

  const isEntrant = session?.user.id === entry.creator.id;
  const isReviewer = !isEntrant && (session?.user.role === 'staff' || session?.user.role === 'brand');
  const version =
    entry.versions.find((v) => v.version === versionNumber) ?? entry.versions[entry.versions.length - 1]!;
  const notes = entry.notes.filter((n) => n.version === version.version);
  const duration = clock.duration || version.video.duration || 0;

  const jump = (seconds: number) => {
    const element = videoRef.current;
    if (!element) return;
    element.currentTime = seconds;
    element.focus();
  };
  const pin = (seconds: number) => {
    videoRef.current?.pause();
    setDraftAt(seconds);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!isReviewer || event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.target as HTMLElement).closest('input, textarea, [contenteditable="true"]')) return;
    if (event.key === 'n' || event.key === 'N') {
      event.preventDefault();
      pin(Math.round((videoRef.current?.currentTime ?? 0) * 10) / 10);
    }
  };
  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    if (draftAt === null || !draft.trim()) return;
    review.addNote.mutate(
      { version: version.version, at_seconds: draftAt, text: draft.trim() },
      {
        onSuccess: () => {
          setDraft('');
          setDraftAt(null);
        },
      },
    );
  };
  const actionError = [review.addNote.error, review.resolveNote.error, review.requestRevision.error].find(
    Boolean,
  );
  const v = version.video;

  return (
    <Stack spacing={3}>
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

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gap: 3,
        }}
      >
        <Box>
          <Stack spacing={1} onKeyDown={onKeyDown}>
            <Stack
              direction="row"
              spacing={2}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
            >
              <TextField
                select
                size="small"
                label="Version"
                value={String(version.version)}
                onChange={(event) => {
                  const chosen = Number(event.target.value);
                  setVersionNumber(chosen === entry.version ? null : chosen);
                  setDraftAt(null);
                }}
                fullWidth={false}
                sx={{ minWidth: 200, flex: { xs: 1, sm: '0 0 auto' } }}
              >
                {entry.versions.map((item) => (
                  <MenuItem key={item.version} value={String(item.version)}>
                    {`Version ${item.version}${item.version === entry.version ? ' (newest)' : ''}`}
                  </MenuItem>
                ))}
              </TextField>
              <Typography variant="body2" color="text.secondary">
                “{v.title}”
              </Typography>
            </Stack>
            <Box
              sx={{
                bgcolor: 'common.black',
                borderRadius: 2,
                overflow: 'hidden',
                height: { xs: 360, md: 480 },
              }}
            >
              {v.status === 'processing' && !v.playback ? (
                <Box sx={{ p: 3 }}>
                  <Typography role="status">
                    This version is being processed; it plays here when it is ready.
                  </Typography>
                </Box>
              ) : (
                <VideoPlayer
                  key={v.id}
                  playback={v.playback}
                  originalUrl={null}
                  previewUrl={v.thumbnail}
                  poster={v.thumbnail_url}
                  title={v.title}
                  onMediaElement={onMediaElement}
                />
              )}
            </Box>
            <NoteTrack
              notes={notes.filter((n) => n.parent_id === null)}
              duration={duration}
              currentTime={clock.time}
              onPin={isReviewer ? pin : null}
              onJump={jump}
            />
            {isReviewer && draftAt === null && (
              <Box>
                <Button variant="outlined" onClick={() => pin(Math.round(clock.time * 10) / 10)}>
                  Add a note at {formatMoment(clock.time)}
                </Button>
              </Box>
            )}
            {isReviewer && draftAt !== null && (
              <Box component="form" onSubmit={saveNote} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <TextField
                  label={`Note at ${formatMoment(draftAt)}`}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  autoFocus
                  multiline
                  slotProps={{ htmlInput: { maxLength: ENTRY_LIMITS.noteMax } }}
                  sx={{ flex: 1, minWidth: 220 }}
                />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={!draft.trim() || review.addNote.isPending}
                  >
                    Pin note
                  </Button>
                  <Button onClick={() => setDraftAt(null)} color="inherit">
                    Cancel
                  </Button>
                </Stack>
              </Box>
            )}
            {actionError && (
              <Alert severity="error" role="alert">
                {actionError instanceof ApiError
                  ? actionError.userMessage()
                  : 'That did not work. Try again.'}
              </Alert>
            )}
          </Stack>

          <Box sx={{ mt: 3 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Notes on version {version.version}
            </Typography>
            <EntryNotes
              notes={notes}
              canResolve={isReviewer}
              onJump={jump}
              onReply={(note, text) =>
                review.addNote.mutateAsync({
                  version: note.version,
                  at_seconds: note.at_seconds,
                  text,
                  parent_id: note.id,
                })
              }
              onResolve={(note) => review.resolveNote.mutate(note.id)}
            />
          </Box>
        </Box>

        <Box>
          <Stack spacing={3}>
            {isEntrant && (
              <Button component={RouterLink} to={paths.contestSubmit(entry.contest_id)} variant="contained">
                Upload a new version
              </Button>
            )}
            {isReviewer && (entry.status === 'in_review' || entry.status === 'checked') && (
              <Paper sx={{ p: 2 }}>
                <Typography variant="subtitle1" component="h2" gutterBottom>
                  Request a revision
                </Typography>
                <TextField
                  label="Message to the creator (optional)"
                  value={revisionMessage}
                  onChange={(event) => setRevisionMessage(event.target.value)}
                  multiline
                  fullWidth
                  size="small"
                  slotProps={{ htmlInput: { maxLength: ENTRY_LIMITS.detailMax } }}
                />
                <Button
                  sx={{ mt: 1 }}
                  variant="outlined"
                  disabled={review.requestRevision.isPending}
                  onClick={() =>
                    review.requestRevision.mutate(
                      { message: revisionMessage.trim() },
                      { onSuccess: () => setRevisionMessage('') },
                    )
                  }
                >
                  Request revision
                </Button>
              </Paper>
            )}
            {aside?.(entry, { isEntrant, isStaff: session?.user.role === 'staff' })}
            <Paper sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" gutterBottom>
                Timeline
              </Typography>
              <EntryTimeline steps={entry.timeline} />
            </Paper>
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
          </Stack>
        </Box>
      </Box>
    </Stack>
  );
}
