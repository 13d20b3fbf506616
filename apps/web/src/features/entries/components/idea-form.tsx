import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { ROUND_ENTRY_LIMITS, submitRoundEntryBodySchema } from '@app/domain';
import { showServerFieldErrors } from '../../../lib/form-errors';

/** An idea: its title and text, both required (the domain's bounds and words). */
const ideaSchema = submitRoundEntryBodySchema.pick({ title: true, text: true }).required();
export interface IdeaValues {
  title: string;
  text: string;
}
const FIELDS = ['title', 'text'] as const;

/**
 * The idea of an idea round (issue 47): a title and up to 2,000 characters, the characters used
 * counted under the text. Sent with `onSubmit`; the server's field errors (400) show on the fields.
 */
export function IdeaForm({
  disabled,
  submitting,
  onSubmit,
}: {
  /** The agreement is not accepted yet. */
  disabled: boolean;
  submitting: boolean;
  /** Sends the idea; `onError` receives the server's refusal to show its field errors. */
  onSubmit: (
    idea: IdeaValues,
    handlers: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
}) {
  const form = useForm<IdeaValues>({
    resolver: zodResolver(ideaSchema),
    defaultValues: { title: '', text: '' },
  });
  const { errors } = form.formState;
  const field = (name: keyof IdeaValues) => {
    const { ref, ...registered } = form.register(name);
    return { ...registered, inputRef: ref };
  };
  const length = useWatch({ control: form.control, name: 'text' }).length;
  const over = length > ROUND_ENTRY_LIMITS.textMax;
  const send = form.handleSubmit((idea) =>
    onSubmit(idea, {
      onSuccess: () => form.reset(),
      onError: (error) => showServerFieldErrors(form.setError, error, FIELDS),
    }),
  );

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" noValidate onSubmit={send} spacing={2} aria-label="Your idea">
        <Typography variant="h6" component="h2">
          Your idea
        </Typography>
        <TextField
          label="Title"
          required
          {...field('title')}
          error={Boolean(errors.title)}
          helperText={errors.title?.message}
          slotProps={{ htmlInput: { maxLength: ROUND_ENTRY_LIMITS.titleMax } }}
        />
        <TextField
          label="Your idea"
          required
          multiline
          minRows={6}
          {...field('text')}
          error={Boolean(errors.text) || over}
          helperText={
            <>
              {errors.text?.message && (
                <>
                  {errors.text.message}
                  <br />
                </>
              )}
              <span aria-live="polite">
                {length.toLocaleString('en-US')} / {ROUND_ENTRY_LIMITS.textMax.toLocaleString('en-US')}{' '}
                characters
              </span>
            </>
          }
        />
        <div>
          <Button type="submit" variant="contained" disabled={disabled || submitting}>
            {submitting ? 'Submitting…' : 'Submit your idea'}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
