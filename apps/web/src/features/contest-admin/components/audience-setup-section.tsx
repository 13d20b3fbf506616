import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  AUDIENCE_LIMITS,
  audienceSetupBodySchema,
  type Audience,
  type AudienceSetupBody,
  type ContestResponse,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { fromZonedInput, toZonedInput } from '../lib/contest-form-values';
import { FormSection } from './contest-form-fields';

/** An entry that may be picked as a finalist. */
export interface FinalistCandidate {
  entry_id: number;
  label: string;
}

const DAY_MS = 86_400_000;

/**
 * The audience award's set-up (issue 50): voting window on the contest's clock, prize, votes per
 * voter, finalists. Staff and the brand's owners and managers; fixed once voting has started.
 */
export function AudienceSetupSection({
  contest,
  audience,
  candidates,
  emptyCandidates,
  save,
}: {
  contest: ContestResponse;
  audience: Audience | undefined;
  /** The entries to pick from (the award's current finalists among them). */
  candidates: FinalistCandidate[];
  /** What to say when there are none. */
  emptyCandidates: string;
  /** The set-up's PUT (the audience feature's mutation, handed in by the page). */
  save: {
    mutate: (body: AudienceSetupBody) => void;
    isPending: boolean;
    isSuccess: boolean;
    error: unknown;
  };
}) {
  const zone = contest.timezone;
  const [opens, setOpens] = useState(() =>
    toZonedInput(audience?.opens_at ?? new Date(Date.now() + DAY_MS).toISOString(), zone),
  );
  const [closes, setCloses] = useState(() =>
    toZonedInput(audience?.closes_at ?? new Date(Date.now() + 8 * DAY_MS).toISOString(), zone),
  );
  const [prize, setPrize] = useState(String((audience?.prize_cents ?? 0) / 100));
  const [votes, setVotes] = useState(audience?.votes_per_voter ?? 1);
  const [picked, setPicked] = useState<number[]>(audience?.finalists.map((f) => f.entry_id) ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const locked = audience !== undefined && audience.status !== 'upcoming';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = audienceSetupBodySchema.safeParse({
      voting_opens_at: fromZonedInput(opens, zone),
      voting_closes_at: fromZonedInput(closes, zone),
      prize_cents: Math.round(Number(prize) * 100),
      votes_per_voter: votes,
      finalist_entry_ids: picked,
    });
    setProblem(body.success ? null : (body.error.issues[0]?.message ?? 'Check the set-up.'));
    if (body.success) save.mutate(body.data);
  };

  return (
    <FormSection title="Audience award" id="audience-setup">
      <Stack component="form" spacing={2} onSubmit={submit} aria-label="Audience award set-up" noValidate>
        {locked && <Alert severity="info">Voting has started: the set-up can no longer change.</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="datetime-local"
            label="Voting opens"
            value={opens}
            onChange={(e) => setOpens(e.target.value)}
            helperText={zone}
            slotProps={{ inputLabel: { shrink: true } }}
            disabled={locked}
            fullWidth
          />
          <TextField
            type="datetime-local"
            label="Voting closes"
            value={closes}
            onChange={(e) => setCloses(e.target.value)}
            helperText={zone}
            slotProps={{ inputLabel: { shrink: true } }}
            disabled={locked}
            fullWidth
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="number"
            label={`Audience prize (${contest.currency})`}
            value={prize}
            onChange={(e) => setPrize(e.target.value)}
            slotProps={{ htmlInput: { min: 0, max: AUDIENCE_LIMITS.prizeCentsMax / 100, step: 1 } }}
            disabled={locked}
            fullWidth
          />
          <TextField
            select
            label="Votes per voter"
            value={votes}
            onChange={(e) => setVotes(Number(e.target.value))}
            disabled={locked}
            fullWidth
          >
            {[1, 2, 3].map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Typography component="h3" variant="subtitle1">
          Finalists
        </Typography>
        {candidates.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {emptyCandidates}
          </Typography>
        ) : (
          <FormGroup>
            {candidates.map((c) => (
              <FormControlLabel
                key={c.entry_id}
                label={c.label}
                disabled={locked}
                control={
                  <Checkbox
                    checked={picked.includes(c.entry_id)}
                    onChange={(e) =>
                      setPicked((now) =>
                        e.target.checked ? [...now, c.entry_id] : now.filter((id) => id !== c.entry_id),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        )}
        {problem || save.error ? (
          <Alert severity="error">
            {problem ??
              (save.error instanceof ApiError ? save.error.userMessage() : 'The set-up was not saved.')}
          </Alert>
        ) : null}
        {save.isSuccess && !save.isPending ? (
          <Alert severity="success">The audience award is set up.</Alert>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          disabled={locked || save.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {save.isPending ? 'Saving...' : 'Save audience award'}
        </Button>
      </Stack>
    </FormSection>
  );
}
