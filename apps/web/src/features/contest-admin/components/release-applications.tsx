import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import {
  CONTEST_ADMIN_LIMITS,
  formatContestDate,
  type ContestResponse,
  type ReleaseResponse,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useReleaseApplications, useReleasePreview } from '../api/release-applications';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The threshold typed, or null while it is not a whole number of days in range. */
function parseDays(value: string): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const days = Number(value);
  return days >= 1 && days <= CONTEST_ADMIN_LIMITS.releaseDaysMax ? days : null;
}

/**
 * Staff's bulk release of held stock (issue 18 M8): a button, then a dialog that says how many
 * pending applications older than the threshold would be declined and how many units of which
 * product go back to stock (the server's dry run), and after the release what was done.
 */
export function ReleaseApplications({ contest }: { contest: ContestResponse }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="inherit" variant="outlined" onClick={() => setOpen(true)} sx={{ flexShrink: 0 }}>
        Release stale applications
      </Button>
      {open ? <ReleaseDialog contest={contest} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReleaseDialog({ contest, onClose }: { contest: ContestResponse; onClose: () => void }) {
  const contestId = String(contest.id);
  const [daysText, setDaysText] = useState(String(CONTEST_ADMIN_LIMITS.releaseDaysDefault));
  const [note, setNote] = useState('');
  const [result, setResult] = useState<ReleaseResponse | null>(null);
  const days = parseDays(daysText);
  const preview = useReleasePreview(contestId, result ? null : days);
  const release = useReleaseApplications(contestId);
  const figures = days !== null && preview.data?.older_than_days === days ? preview.data : undefined;
  const error =
    release.error instanceof ApiError
      ? release.error.userMessage()
      : preview.error instanceof ApiError
        ? preview.error.userMessage()
        : null;

  const submit = () => {
    if (days === null || !figures?.pending) return;
    release.mutate(
      { older_than_days: days, note: note.trim() },
      { onSuccess: (answer) => setResult(answer) },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="release-title">
      <DialogTitle id="release-title">Release stale applications</DialogTitle>
      {result ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              {result.declined
                ? `Released ${plural(result.declined, 'application')}: ${plural(result.declined, 'unit is', 'units are')} back in stock, and each creator was sent the decline e-mail.`
                : 'Nothing was released: no pending application was that old any more.'}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose} autoFocus>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
            <DialogContentText>
              Every application still pending after this many days is declined, its unit goes back to stock
              for other creators, and its creator gets the kind decline e-mail.
            </DialogContentText>
            <TextField
              label="Pending for more than (days)"
              type="number"
              value={daysText}
              onChange={(event) => setDaysText(event.target.value)}
              error={days === null}
              helperText={
                days === null
                  ? `A whole number of days from 1 to ${CONTEST_ADMIN_LIMITS.releaseDaysMax}.`
                  : undefined
              }
              slotProps={{ htmlInput: { min: 1, max: CONTEST_ADMIN_LIMITS.releaseDaysMax, step: 1 } }}
              sx={{ maxWidth: 260 }}
            />
            {error ? <Alert severity="error">{error}</Alert> : null}
            {days === null ? null : figures ? (
              <Alert severity={figures.pending ? 'warning' : 'info'} role="status" aria-live="polite">
                {figures.pending ? (
                  <>
                    <Typography component="p" variant="body2" sx={{ fontWeight: 600 }}>
                      {plural(figures.pending, 'pending application')} made before{' '}
                      {formatContestDate(figures.applied_before, contest.timezone, { time: true })} will be
                      declined, and {plural(figures.pending, 'unit')} returned to stock.
                    </Typography>
                    <Typography component="p" variant="body2">
                      {figures.products.map((p) => `${p.name}: ${p.pending}`).join(' · ')}
                    </Typography>
                  </>
                ) : (
                  `No application has been pending for more than ${plural(days, 'day')}: nothing to release.`
                )}
              </Alert>
            ) : (
              <Skeleton variant="rounded" height={56} aria-label="Counting pending applications" />
            )}
            <TextField
              label="Note (optional)"
              multiline
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              slotProps={{ htmlInput: { maxLength: CONTEST_ADMIN_LIMITS.noteMax } }}
              helperText="Included in each decline e-mail."
            />
          </DialogContent>
          <DialogActions>
            <Button color="inherit" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant="contained"
              onClick={submit}
              disabled={release.isPending || !figures?.pending || preview.isFetching}
            >
              {figures?.pending ? `Release ${plural(figures.pending, 'application')}` : 'Release'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
