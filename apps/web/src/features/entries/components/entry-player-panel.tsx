import type { FormEvent } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { ENTRY_LIMITS, type Entry, type EntryVersion } from '@app/domain';
import { VideoPlayer } from '../../../components/video-player';
import { ApiError } from '../../../lib/api-client';
import type { useReviewEntry } from '../api/review-entry';
import { formatMoment } from '../lib/entry-path';
import { useNotePinning } from './use-note-pinning';
import { EntryNotes } from './entry-notes';
import { NoteTrack } from './note-track';

/**
 * The entry page's main column: the chosen version playing, its review notes as markers on a
 * timeline under it (reviewers pin a new one there), and the notes with their replies.
 */
export function EntryPlayerPanel({
  entry,
  version,
  isReviewer,
  review,
  onVersionChange,
}: {
  entry: Entry;
  version: EntryVersion;
  isReviewer: boolean;
  review: ReturnType<typeof useReviewEntry>;
  onVersionChange: (version: number) => void;
}) {
  const { onMediaElement, clock, jump, pin, onKeyDown, draftAt, setDraftAt, draft, setDraft } =
    useNotePinning(isReviewer);
  const notes = entry.notes.filter((n) => n.version === version.version);
  const duration = clock.duration || version.video?.duration || 0;

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

  return (
    <Box>
      <Stack spacing={1} onKeyDown={onKeyDown}>
        <VersionPicker
          entry={entry}
          version={version}
          onChange={(chosen) => {
            onVersionChange(chosen);
            setDraftAt(null);
          }}
        />
        <VersionVideo version={version} onMediaElement={onMediaElement} />
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
          <NoteDraftForm
            at={draftAt}
            text={draft}
            onTextChange={setDraft}
            pending={review.addNote.isPending}
            onSubmit={saveNote}
            onCancel={() => setDraftAt(null)}
          />
        )}
        {actionError && (
          <Alert severity="error" role="alert">
            {actionError instanceof ApiError ? actionError.userMessage() : 'That did not work. Try again.'}
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
  );
}

/** Which version plays, and its title. */
function VersionPicker({
  entry,
  version,
  onChange,
}: {
  entry: Entry;
  version: EntryVersion;
  onChange: (version: number) => void;
}) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <TextField
        select
        size="small"
        label="Version"
        value={String(version.version)}
        onChange={(event) => onChange(Number(event.target.value))}
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
        “{version.video?.title ?? version.title}”
      </Typography>
    </Stack>
  );
}

/** The version's video, or a word that it is still being processed. */
function VersionVideo({
  version,
  onMediaElement,
}: {
  version: EntryVersion;
  onMediaElement: (video: HTMLVideoElement | null) => void;
}) {
  const v = version.video;
  // An idea round's version (issue 47) has no video: its title and text.
  if (!v)
    return (
      <Box sx={{ p: 3 }}>
        <Typography variant="h6" component="p">
          {version.title}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{version.text}</Typography>
      </Box>
    );
  return (
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
  );
}

/** A reviewer's note being written, pinned to a moment of the version. */
function NoteDraftForm({
  at,
  text,
  onTextChange,
  pending,
  onSubmit,
  onCancel,
}: {
  at: number;
  text: string;
  onTextChange: (text: string) => void;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  return (
    <Box component="form" onSubmit={onSubmit} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <TextField
        label={`Note at ${formatMoment(at)}`}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        autoFocus
        multiline
        slotProps={{ htmlInput: { maxLength: ENTRY_LIMITS.noteMax } }}
        sx={{ flex: 1, minWidth: 220 }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button type="submit" variant="contained" disabled={!text.trim() || pending}>
          Pin note
        </Button>
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}
