import { useFieldArray, useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  ROUND_ENTRY_POLICIES,
  ROUND_ENTRY_POLICY_LABELS,
  ROUND_KIND_LABELS,
  ROUND_KINDS,
  ROUND_LIMITS,
  type ContestResponse,
  type RoundResponse,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useContestRounds } from '../../../lib/contest-rounds';
import { useNotify } from '../../../components/notifications';
import { useSaveContestRounds } from '../api/save-contest-rounds';
import { nestErrors } from '../lib/nest-errors';
import {
  newRound,
  roundFieldOf,
  roundFormErrors,
  roundsToValues,
  valuesToRoundsBody,
  type RoundsFormValues,
} from '../lib/round-form-values';
import { twoColumns } from './contest-form-fields';

type RoundsFormApi = UseFormReturn<RoundsFormValues>;

/**
 * The contest's rounds (issue 47): add, remove, reorder and edit them, saved on their own (PUT
 * …/rounds/). Staff any contest, the brand while it is a draft. The last round's closing and
 * judging end become the contest's video deadline and judging end.
 */
export function ContestRoundsEditor({ contest }: { contest: ContestResponse }) {
  const rounds = useContestRounds(contest.id);
  return (
    <Paper component="section" aria-labelledby="rounds-editor-title" sx={{ p: { xs: 2, sm: 3 }, mt: 4 }}>
      <Typography id="rounds-editor-title" component="h2" variant="h5" gutterBottom>
        Rounds
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Ideas, pitches and films, in order (1 to {ROUND_LIMITS.roundsMax}). The last round is the film round
        that decides the prizes: its closing and judging end are the contest’s video deadline and judging end.
        Dates are on the contest’s clock ({contest.timezone}).
      </Typography>
      {rounds.isPending ? (
        <Skeleton height={240} />
      ) : rounds.isError ? (
        <Alert severity="error">Could not load the rounds. Please try again.</Alert>
      ) : (
        <RoundsForm key={rounds.dataUpdatedAt} contest={contest} rounds={rounds.data} />
      )}
    </Paper>
  );
}

function RoundsForm({ contest, rounds }: { contest: ContestResponse; rounds: RoundResponse[] }) {
  const tz = contest.timezone;
  const resolver: Resolver<RoundsFormValues> = async (values) => {
    const errors = roundFormErrors(values, tz);
    return Object.keys(errors).length
      ? { values: {}, errors: nestErrors<RoundsFormValues>(errors) }
      : { values, errors: {} };
  };
  const form = useForm<RoundsFormValues>({ resolver, defaultValues: roundsToValues(rounds, tz) });
  const list = useFieldArray({ control: form.control, name: 'rounds' });
  const save = useSaveContestRounds(contest.id);
  const notify = useNotify();
  const rootError = form.formState.errors.rounds?.root?.message;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(valuesToRoundsBody(values, tz), {
      onSuccess: () => notify('Rounds saved.', { severity: 'success' }),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const [key, messages] of Object.entries(error.fieldErrors())) {
          const field = roundFieldOf(key.split('.'));
          form.setError(field as never, { type: 'server', message: messages[0] });
        }
      },
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label="Contest rounds">
      {save.error ? (
        <Alert severity="error">
          {save.error instanceof ApiError ? save.error.userMessage() : 'The rounds could not be saved.'}
        </Alert>
      ) : null}
      {list.fields.map((field, index) => (
        <RoundFields
          key={field.id}
          form={form}
          index={index}
          count={list.fields.length}
          onMove={(to) => list.move(index, to)}
          onRemove={() => list.remove(index)}
        />
      ))}
      {rootError ? <Alert severity="warning">{rootError}</Alert> : null}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Button
          variant="outlined"
          color="inherit"
          disabled={list.fields.length >= ROUND_LIMITS.roundsMax}
          onClick={() => list.append(newRound(form.getValues('rounds').at(-1)))}
        >
          Add round
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save rounds'}
        </Button>
      </Stack>
    </Stack>
  );
}

function RoundFields({
  form,
  index,
  count,
  onMove,
  onRemove,
}: {
  form: RoundsFormApi;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const errors = form.formState.errors.rounds?.[index];
  const round = useWatch({ control: form.control, name: `rounds.${index}` });
  const name = `Round ${index + 1}`;
  const text = (field: 'title' | 'brief' | 'advance_count' | 'stipend' | 'rubric') => ({
    error: Boolean(errors?.[field]),
    ...form.register(`rounds.${index}.${field}`),
  });
  return (
    <Box
      role="group"
      aria-label={name}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        p: { xs: 2, sm: 3 },
        display: 'grid',
        gap: 2,
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography component="h3" variant="h6">
          {name}
          {round?.id === undefined ? ' (new)' : ''}
        </Typography>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
        >
          <Button size="small" color="inherit" disabled={index === 0} onClick={() => onMove(index - 1)}>
            Move up
          </Button>
          <Button
            size="small"
            color="inherit"
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            Move down
          </Button>
          <Button size="small" color="error" disabled={count <= 1} onClick={onRemove}>
            Remove
          </Button>
        </Stack>
      </Stack>
      <Box sx={twoColumns}>
        <TextField
          select
          label="Kind"
          value={round?.kind ?? 'film'}
          error={Boolean(errors?.kind)}
          helperText={errors?.kind?.message}
          onChange={(event) =>
            form.setValue(`rounds.${index}.kind`, event.target.value as never, { shouldDirty: true })
          }
        >
          {ROUND_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {ROUND_KIND_LABELS[kind]}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Title" {...text('title')} helperText={errors?.title?.message} />
      </Box>
      <TextField label="Brief" multiline minRows={2} {...text('brief')} helperText={errors?.brief?.message} />
      <RoundWindow form={form} index={index} />
      <Box sx={twoColumns}>
        <TextField
          select
          label="Who may enter"
          value={round?.entry_policy ?? 'selected'}
          error={Boolean(errors?.entry_policy)}
          helperText={errors?.entry_policy?.message}
          onChange={(event) =>
            form.setValue(`rounds.${index}.entry_policy`, event.target.value as never, { shouldDirty: true })
          }
        >
          {ROUND_ENTRY_POLICIES.map((policy) => (
            <MenuItem key={policy} value={policy}>
              {ROUND_ENTRY_POLICY_LABELS[policy]}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={round?.allow_wildcards ?? false}
              onChange={(event) =>
                form.setValue(`rounds.${index}.allow_wildcards`, event.target.checked, { shouldDirty: true })
              }
            />
          }
          label={errors?.allow_wildcards?.message ?? 'Wildcards: creators not advanced may enter too'}
          sx={{ color: errors?.allow_wildcards ? 'error.main' : undefined }}
        />
      </Box>
      <Box sx={twoColumns}>
        <TextField
          label="Creators to advance"
          type="number"
          slotProps={{ htmlInput: { min: 0 } }}
          {...text('advance_count')}
          helperText={
            errors?.advance_count?.message ?? 'How many the brand means to advance to the next round.'
          }
        />
        <TextField
          label="Stipend per advanced creator"
          inputMode="decimal"
          {...text('stipend')}
          helperText={errors?.stipend?.message ?? 'In the contest’s currency; 0 for none.'}
        />
      </Box>
      <TextField
        label="Judging rubric"
        multiline
        minRows={2}
        {...text('rubric')}
        helperText={
          errors?.rubric?.message ??
          'One criterion a line, with its weight (“Story: 60”); weights add up to 100.'
        }
      />
    </Box>
  );
}

const WINDOW_LABELS = { opens_at: 'Opens', closes_at: 'Closes', judging_ends_at: 'Judging ends' } as const;

function RoundWindow({ form, index }: { form: RoundsFormApi; index: number }) {
  const errors = form.formState.errors.rounds?.[index];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
      {(Object.keys(WINDOW_LABELS) as Array<keyof typeof WINDOW_LABELS>).map((field) => (
        <TextField
          key={field}
          type="datetime-local"
          label={WINDOW_LABELS[field]}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(errors?.[field])}
          helperText={errors?.[field]?.message}
          {...form.register(`rounds.${index}.${field}`)}
        />
      ))}
    </Box>
  );
}
