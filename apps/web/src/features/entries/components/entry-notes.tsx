import { useState, type FormEvent } from 'react';
import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { ENTRY_LIMITS, type EntryNote } from '@app/domain';
import { formatMoment } from '../lib/entry-path';

export interface EntryNotesProps {
  notes: EntryNote[];
  canResolve: boolean;
  onJump: (seconds: number) => void;
  onReply: (note: EntryNote, text: string) => Promise<unknown>;
  onResolve: (note: EntryNote) => void;
}

function ReplyForm({ note, onReply }: { note: EntryNote; onReply: EntryNotesProps['onReply'] }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  if (!open)
    return (
      <Button size="small" onClick={() => setOpen(true)}>
        Reply
      </Button>
    );
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setSending(true);
    try {
      await onReply(note, text.trim());
      setText('');
      setOpen(false);
    } finally {
      setSending(false);
    }
  };
  return (
    <Box component="form" onSubmit={send} sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
      <TextField
        size="small"
        label={`Reply to the note at ${formatMoment(note.at_seconds)}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: ENTRY_LIMITS.noteMax } }}
        sx={{ flex: 1, minWidth: 200 }}
        autoFocus
      />
      <Button type="submit" variant="outlined" disabled={sending || !text.trim()}>
        Send reply
      </Button>
    </Box>
  );
}

/** The notes of a version in time order, each with its replies; a moment button jumps the player. */
export function EntryNotes({ notes, canResolve, onJump, onReply, onResolve }: EntryNotesProps) {
  const threads = notes.filter((n) => n.parent_id === null);
  if (!threads.length)
    return (
      <Typography color="text.secondary" variant="body2">
        No notes on this version yet.
      </Typography>
    );
  return (
    <Stack component="ol" spacing={1.5} aria-label="Review notes" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {threads.map((note) => {
        const replies = notes.filter((n) => n.parent_id === note.id);
        return (
          <Box
            component="li"
            key={note.id}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              p: 1.5,
              opacity: note.resolved_at ? 0.75 : 1,
            }}
          >
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button
                size="small"
                variant="outlined"
                onClick={() => onJump(note.at_seconds)}
                aria-label={`Jump to ${formatMoment(note.at_seconds)}`}
              >
                {formatMoment(note.at_seconds)}
              </Button>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {note.author.name}
              </Typography>
              {note.resolved_at && <Chip size="small" label="Resolved" />}
            </Stack>
            <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{note.text}</Typography>
            {replies.map((reply) => (
              <Box key={reply.id} sx={{ mt: 1, pl: 2, borderLeft: 2, borderColor: 'divider' }}>
                <Typography variant="caption" color="text.secondary">
                  {reply.author.name}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {reply.text}
                </Typography>
              </Box>
            ))}
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ mt: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
            >
              <ReplyForm note={note} onReply={onReply} />
              {canResolve && !note.resolved_at && (
                <Button size="small" onClick={() => onResolve(note)}>
                  Resolve
                </Button>
              )}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
