import { useEffect } from 'react';
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
  QC_OVERRIDE_LIMITS,
  qcOverrideReasonFormSchema,
  type QcOverrideReasonForm,
  type QcRefusal,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useOverrideHeldQc } from '../api/qc-refusals';

export interface LetThroughDialogProps {
  contestId: string;
  /** The held submission to let through; null: closed. */
  refusal: QcRefusal | null;
  onClose(): void;
  onDone(refusal: QcRefusal): void;
}

/**
 * "Let it through" (issue 51): staff's reason (3–500 characters, the API's rule) for entering a
 * video whatever its technical check says. Audited; the creator's next submission of it passes.
 */
export function LetThroughDialog({ contestId, refusal, onClose, onDone }: LetThroughDialogProps) {
  const override = useOverrideHeldQc(contestId);
  const form = useForm<QcOverrideReasonForm>({
    resolver: zodResolver(qcOverrideReasonFormSchema),
    defaultValues: { reason: '' },
  });
  const { errors } = form.formState;
  const { reset } = form;
  const resetOverride = override.reset;

  useEffect(() => {
    if (refusal) {
      reset({ reason: '' });
      resetOverride();
    }
  }, [refusal, reset, resetOverride]);

  const submit = form.handleSubmit(({ reason }) => {
    if (!refusal) return;
    override.mutate(
      { video_id: refusal.video_id, reason },
      {
        onSuccess: () => onDone(refusal),
        onError: (error) => showServerFieldErrors(form.setError, error, ['reason']),
      },
    );
  });
  const gone = override.error instanceof ApiError && override.error.status === 404;

  return (
    <Dialog
      open={refusal !== null}
      onClose={override.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="let-through-title"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="let-through-title" sx={{ overflowWrap: 'anywhere' }}>
        Let “{refusal?.video_title}” through
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          When the finding is intended, {refusal?.creator.name} can then submit this video whatever its
          technical check says. Your reason is kept in the audit log.
        </DialogContentText>
        {override.isError && !errors.reason && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {gone
              ? 'This submission is no longer held: it was let through or entered already.'
              : override.error instanceof ApiError
                ? override.error.userMessage()
                : 'The video could not be let through. Try again.'}
          </Alert>
        )}
        <TextField
          label="Why it may go through"
          required
          fullWidth
          multiline
          minRows={3}
          autoFocus
          error={Boolean(errors.reason)}
          helperText={
            errors.reason?.message ??
            `${QC_OVERRIDE_LIMITS.reasonMin} to ${QC_OVERRIDE_LIMITS.reasonMax} characters.`
          }
          slotProps={{ htmlInput: { maxLength: QC_OVERRIDE_LIMITS.reasonMax } }}
          {...form.register('reason')}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={override.isPending} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={override.isPending}>
          {override.isPending ? 'Letting it through…' : 'Let it through'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
