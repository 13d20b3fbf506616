import type { MouseEvent } from 'react';
import { Box, Tooltip, Typography } from '@mui/material';
import type { EntryNote } from '@app/domain';
import { formatMoment } from '../lib/entry-path';

export interface NoteTrackProps {
  /** The top-level notes of the version shown. */
  notes: EntryNote[];
  duration: number;
  currentTime: number;
  /** Reviewers pin a note where they click; null for everyone else. */
  onPin: ((seconds: number) => void) | null;
  onJump: (seconds: number) => void;
}

/**
 * The review notes as markers on a timeline under the player: a marker jumps the player to its
 * moment; reviewers click anywhere on the track to pin a new note there.
 */
export function NoteTrack({ notes, duration, currentTime, onPin, onJump }: NoteTrackProps) {
  const known = duration > 0 && Number.isFinite(duration);
  const at = (seconds: number) => `${known ? Math.min(100, (seconds / duration) * 100) : 0}%`;
  const pin = (event: MouseEvent<HTMLDivElement>) => {
    if (!onPin || !known) return;
    const box = event.currentTarget.getBoundingClientRect();
    const ratio = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    onPin(Math.round(ratio * duration * 10) / 10);
  };
  return (
    <Box>
      <Box
        data-testid="note-track"
        aria-label={onPin ? 'Notes timeline: click to pin a note at that moment' : 'Notes timeline'}
        role="group"
        onClick={pin}
        sx={{
          position: 'relative',
          height: 28,
          borderRadius: 1,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          cursor: onPin ? 'crosshair' : 'default',
          mt: 1,
        }}
      >
        {known && (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: 0,
              width: at(currentTime),
              bgcolor: 'action.selected',
              borderRadius: 1,
              pointerEvents: 'none',
            }}
          />
        )}
        {known &&
          notes.map((note) => (
            <Tooltip key={note.id} title={`${formatMoment(note.at_seconds)} — ${note.text}`}>
              <Box
                component="button"
                type="button"
                aria-label={`Note at ${formatMoment(note.at_seconds)}: ${note.text}`}
                data-note-marker={note.id}
                onClick={(event: MouseEvent) => {
                  event.stopPropagation();
                  onJump(note.at_seconds);
                }}
                sx={{
                  position: 'absolute',
                  left: at(note.at_seconds),
                  top: 2,
                  transform: 'translateX(-50%)',
                  width: 22,
                  height: 22,
                  p: 0,
                  border: 2,
                  borderColor: 'background.default',
                  borderRadius: '50%',
                  bgcolor: note.resolved_at ? 'text.disabled' : 'primary.main',
                  cursor: 'pointer',
                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                }}
              />
            </Tooltip>
          ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {onPin
          ? 'Click the timeline or press N while the video has the focus to pin a note at that moment.'
          : 'Markers show the reviewers’ notes; select one to jump to its moment.'}
      </Typography>
    </Box>
  );
}
