import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  formatMoney,
  PAYOUT_LIMITS,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  type Earning,
  type PayoutMethod,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useRecordPayout } from '../api/record-payout';

/** Records that an earning was paid: method and the payment's reference. */
export function RecordPayoutDialog({ earning, onClose }: { earning: Earning | null; onClose: () => void }) {
  const [method, setMethod] = useState<PayoutMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const record = useRecordPayout();
  const error = record.error instanceof ApiError ? record.error.userMessage() : null;
  const close = () => {
    record.reset();
    setReference('');
    onClose();
  };
  return (
    <Dialog open={Boolean(earning)} onClose={close} aria-labelledby="payout-title" fullWidth maxWidth="xs">
      <Stack
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!earning) return;
          record.mutate(
            { earning_id: earning.earning_id, method, reference: reference.trim() },
            { onSuccess: close },
          );
        }}
      >
        <DialogTitle id="payout-title">Record payout</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {earning && (
            <Typography>
              {formatMoney(earning.amount_cents, earning.currency)} to {earning.creator_name}
              {earning.contest_title ? ` for ${earning.contest_title}` : ''}.
            </Typography>
          )}
          <TextField
            select
            label="Method"
            value={method}
            onChange={(event) => setMethod(event.target.value as PayoutMethod)}
          >
            {PAYOUT_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {PAYOUT_METHOD_LABELS[m]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Reference"
            required
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            helperText="The transfer's or the payment service's reference."
            slotProps={{ htmlInput: { maxLength: PAYOUT_LIMITS.referenceMax } }}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={record.isPending || !reference.trim()}>
            Record payout
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
