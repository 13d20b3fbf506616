import type { KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { CONVERSATION_LIMITS, messageBodySchema, type MessageBody, type ThreadKind } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { usePostMessage } from '../api/post-message';

/** The counter shows from this share of the limit on. */
const COUNTER_FROM = 0.9 * CONVERSATION_LIMITS.bodyMax;
const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Writes in a thread: up to 4,000 characters (a counter near the limit), sent with the button or
 * Ctrl/⌘+Enter (Enter alone is a new line); the field is locked while the message goes.
 */
export function MessageComposer({ kind, id }: { kind: ThreadKind; id: number | string }) {
  const post = usePostMessage(kind, id);
  const form = useForm<MessageBody>({
    resolver: zodResolver(messageBodySchema),
    defaultValues: { body: '' },
  });
  const length = useWatch({ control: form.control, name: 'body' }).length;
  const error = form.formState.errors.body;

  const onSubmit = form.handleSubmit((values) =>
    post.mutate(values, {
      onSuccess: () => form.reset({ body: '' }),
      onError: (failure) => showServerFieldErrors(form.setError, failure, ['body']),
    }),
  );
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !post.isPending) {
      event.preventDefault();
      void onSubmit();
    }
  };
  const failure = post.error instanceof ApiError && !error ? post.error.userMessage() : null;
  const over = length > CONVERSATION_LIMITS.bodyMax;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Write a message">
      {failure ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {failure}
        </Alert>
      ) : null}
      <TextField
        label="Message"
        multiline
        minRows={2}
        maxRows={10}
        fullWidth
        disabled={post.isPending}
        error={Boolean(error)}
        helperText={error?.message}
        onKeyDown={onKeyDown}
        {...form.register('body')}
      />
      <Stack
        direction="row"
        useFlexGap
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}
      >
        <Typography variant="caption" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
          {isMac() ? '⌘' : 'Ctrl'}+Enter to send
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', ml: 'auto' }}>
          {length >= COUNTER_FROM ? (
            <Typography
              variant="caption"
              aria-live="polite"
              sx={{ color: over ? 'error.main' : 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
            >
              {length.toLocaleString('en-US')} / {CONVERSATION_LIMITS.bodyMax.toLocaleString('en-US')}
            </Typography>
          ) : null}
          <Button type="submit" variant="contained" disabled={post.isPending}>
            {post.isPending ? 'Sending…' : 'Send'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
