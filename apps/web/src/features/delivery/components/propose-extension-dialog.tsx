import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { amountToCents, LICENCE_LIMITS, LICENCE_MESSAGES, proposeExtensionBodySchema } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useProposeExtension } from '../api/entry-licence';

/** The brand proposes an extension of a licence: months added to its end, and the fee for them. */
export function ProposeExtensionDialog({
  open,
  entryId,
  licenceId,
  currency,
  onClose,
}: {
  open: boolean;
  entryId: number;
  licenceId: string;
  currency: string;
  onClose: () => void;
}) {
  const [months, setMonths] = useState('12');
  const [fee, setFee] = useState('0');
  const [errors, setErrors] = useState<{ months?: string; fee_cents?: string }>({});
  const propose = useProposeExtension(entryId, licenceId);
  const refusal = propose.error instanceof ApiError ? propose.error.userMessage() : null;
  const close = () => {
    propose.reset();
    setErrors({});
    onClose();
  };
  const submit = () => {
    const parsed = proposeExtensionBodySchema.safeParse({
      months: Number(months),
      fee_cents: amountToCents(fee),
    });
    if (!parsed.success) {
      const found: { months?: string; fee_cents?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'months' ? 'months' : 'fee_cents';
        found[key] ??=
          key === 'months' ? LICENCE_MESSAGES.extensionMonthsRange : LICENCE_MESSAGES.extensionFeeRange;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    propose.mutate(parsed.data, { onSuccess: close });
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="extension-title" fullWidth maxWidth="xs">
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="extension-title">Propose extension</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            The months are added to the licence’s current end. The creator accepts or declines; an accepted
            fee is paid to them like a prize.
          </Typography>
          <TextField
            label="Months"
            type="number"
            required
            value={months}
            onChange={(event) => setMonths(event.target.value)}
            error={Boolean(errors.months)}
            helperText={
              errors.months ?? `${LICENCE_LIMITS.extensionMonthsMin}–${LICENCE_LIMITS.extensionMonthsMax}`
            }
            slotProps={{
              htmlInput: {
                min: LICENCE_LIMITS.extensionMonthsMin,
                max: LICENCE_LIMITS.extensionMonthsMax,
                step: 1,
              },
            }}
          />
          <TextField
            label={`Fee (${currency})`}
            required
            value={fee}
            onChange={(event) => setFee(event.target.value)}
            error={Boolean(errors.fee_cents)}
            helperText={errors.fee_cents ?? 'For example 750 or 750.50; 0 for none.'}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          {refusal && <Alert severity="error">{refusal}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={propose.isPending}>
            Propose extension
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
