import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import {
  CONVERSATION_LIMITS,
  hideMessageBodySchema,
  type ConversationMessage,
  type HideMessageBody,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useHideMessage } from '../api/hide-message';

/** Staff hide a message with a reason: the others then read "hidden by the platform team". */
export function HideMessageDialog({
  message,
  onClose,
}: {
  message: ConversationMessage | null;
  onClose: () => void;
}) {
  const hide = useHideMessage();
  const form = useForm<HideMessageBody>({
    resolver: zodResolver(hideMessageBodySchema),
    defaultValues: { reason: '' },
  });
  const close = () => {
    if (hide.isPending) return;
    hide.reset();
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(({ reason }) => {
    if (!message) return;
    hide.mutate(
      { messageId: message.id, reason },
      {
        onSuccess: close,
        onError: (error) => showServerFieldErrors(form.setError, error, ['reason']),
      },
    );
  });
  const error = form.formState.errors.reason;
  const failure = hide.error instanceof ApiError && !error ? hide.error.userMessage() : null;
  return (
    <Dialog
      open={message !== null}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="hide-message-title"
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="hide-message-title">Hide this message</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            {message?.author.name} and the others will read “hidden by the platform team” in its place. The
            reason is kept in the audit log.
          </DialogContentText>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <TextField
            label="Reason"
            multiline
            minRows={2}
            autoFocus
            error={Boolean(error)}
            helperText={error?.message}
            slotProps={{ htmlInput: { maxLength: CONVERSATION_LIMITS.hideReasonMax } }}
            {...form.register('reason')}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={close} disabled={hide.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={hide.isPending}>
            {hide.isPending ? 'Hiding…' : 'Hide message'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
