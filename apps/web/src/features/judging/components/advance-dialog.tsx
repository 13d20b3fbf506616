import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Typography,
} from '@mui/material';
import { formatMoney, type Ranking, type RoundResponse } from '@app/domain';

type RankedEntry = Ranking['entries'][number];
type AdvancingRound = Pick<RoundResponse, 'title' | 'advance_count' | 'stipend_cents' | 'currency'>;

/** What an entry is called in the dialog: its idea's or pitch's title, else its video's. */
export function rankedTitle(entry: RankedEntry): string {
  return entry.video?.title ?? entry.title ?? `Entry ${entry.entry_id}`;
}

/** The entries pre-checked: the top `advance_count` of the ranking not advanced yet. */
export function preselected(entries: readonly RankedEntry[], advanceCount: number): number[] {
  return entries
    .filter((e) => !e.advanced)
    .slice(0, advanceCount)
    .map((e) => e.entry_id);
}

/**
 * Advance (issue 47): from a closed round's ranking, staff or the brand's owners and managers
 * choose the entries that go on to the next round, the top `advance_count` pre-checked; the
 * stipend total (a wildcard entry earns none) is stated before the confirmation.
 */
export function AdvanceDialog({
  open,
  round,
  entries,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  open: boolean;
  round: AdvancingRound;
  /** The ranking's entries shown, in rank order. */
  entries: RankedEntry[];
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (entryIds: number[]) => void;
}) {
  const [checked, setChecked] = useState<number[]>(() => preselected(entries, round.advance_count));
  const chosen = entries.filter((e) => checked.includes(e.entry_id));
  const paid = chosen.filter((e) => !e.wildcard).length;
  const total = paid * round.stipend_cents;
  const toggle = (id: number) =>
    setChecked((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Advance from {round.title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          The brand means to advance {round.advance_count}. Each creator advanced is told at once
          {round.stipend_cents > 0
            ? ` and earns a ${formatMoney(round.stipend_cents, round.currency)} stipend (wildcards earn none).`
            : '.'}{' '}
          An entry advances only once.
        </Typography>
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {entries.map((e) => (
            <li key={e.entry_id}>
              <FormControlLabel
                disabled={Boolean(e.advanced) || pending}
                control={
                  <Checkbox
                    checked={Boolean(e.advanced) || checked.includes(e.entry_id)}
                    onChange={() => toggle(e.entry_id)}
                  />
                }
                label={
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <span>
                      #{e.rank} {e.creator_name} · {rankedTitle(e)}
                    </span>
                    {e.wildcard && <Chip size="small" variant="outlined" label="Wildcard" />}
                    {e.advanced && <Chip size="small" color="success" label="Advanced" />}
                  </Stack>
                }
              />
            </li>
          ))}
        </Stack>
        <Typography sx={{ mt: 2, fontWeight: 600 }} role="status">
          {chosen.length} {chosen.length === 1 ? 'creator' : 'creators'} to advance
          {round.stipend_cents > 0 ? ` · stipends ${formatMoney(total, round.currency)} in total` : ''}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={pending || chosen.length === 0}
          onClick={() => onConfirm(chosen.map((e) => e.entry_id))}
        >
          {pending ? 'Advancing…' : `Advance ${chosen.length}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
