import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { REJECTION_REASONS, STAFF_LIMITS, STAFF_MESSAGES } from '@app/domain';

const OTHER = 'other';

interface RejectForm {
  preset: string;
  reason: string;
}

export interface RejectDialogProps {
  open: boolean;
  /** What is being rejected, for the title: one video's title, or 'N videos'. */
  subject: string;
  busy: boolean;
  onCancel(): void;
  onReject(reason: string): void;
}

/**
 * Reject with a reason (required): a preset fills the reason, which can be edited, or 'Other'
 * leaves it to be written. Ctrl+Enter in the reason sends, Escape cancels; focus starts on the
 * first preset.
 */
export function RejectDialog({ open, subject, busy, onCancel, onReject }: RejectDialogProps) {
  const form = useForm<RejectForm>({ defaultValues: { preset: '', reason: '' } });
  const { errors } = form.formState;
  const preset = useWatch({ control: form.control, name: 'preset' });

  useEffect(() => {
    if (open) form.reset({ preset: '', reason: '' });
  }, [open, form]);

  const choosePreset = (value: string) => {
    form.setValue('preset', value);
    form.setValue('reason', value === OTHER ? '' : value, { shouldValidate: form.formState.isSubmitted });
  };

  const submit = form.handleSubmit(({ reason }) => onReject(reason.trim()));

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="reject-dialog-title"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="reject-dialog-title" sx={{ overflowWrap: 'anywhere' }}>
        Reject {subject}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The video stays private. Its creator sees this reason on the dashboard and by e-mail.
        </DialogContentText>
        <FormControl component="fieldset" sx={{ mb: 2 }}>
          <FormLabel component="legend">Common reasons</FormLabel>
          <RadioGroup value={preset} onChange={(event) => choosePreset(event.target.value)}>
            {REJECTION_REASONS.map((text, index) => (
              <FormControlLabel
                key={text}
                value={text}
                control={<Radio autoFocus={index === 0} />}
                label={text}
                sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { mt: -0.75 } }}
              />
            ))}
            <FormControlLabel value={OTHER} control={<Radio />} label="Other (write the reason below)" />
          </RadioGroup>
        </FormControl>
        <TextField
          label="Reason shown to the creator"
          required
          fullWidth
          multiline
          minRows={3}
          error={Boolean(errors.reason)}
          helperText={errors.reason?.message}
          slotProps={{ htmlInput: { maxLength: STAFF_LIMITS.reviewReasonMax } }}
          // Enter makes a new line here; Ctrl+Enter (or ⌘+Enter) sends.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void submit();
            }
          }}
          {...form.register('reason', {
            validate: (value) => value.trim().length > 0 || STAFF_MESSAGES.reasonRequired,
          })}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={busy}>
          {busy ? 'Rejecting...' : 'Reject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
