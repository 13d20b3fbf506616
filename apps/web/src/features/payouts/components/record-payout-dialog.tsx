import { useState } from 'react';
import {
  Alert,
  Box,
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
  PAPERWORK_MISSING,
  PAPERWORK_MISSING_LABELS,
  PAYOUT_LIMITS,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  type Earning,
  type PayoutMethod,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useRecordPayout } from '../api/record-payout';
import { usePayeeOf } from '../api/get-payee';

/** Records that an earning was paid: method and the payment's reference. */
export function RecordPayoutDialog({ earning, onClose }: { earning: Earning | null; onClose: () => void }) {
  const [method, setMethod] = useState<PayoutMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const record = useRecordPayout();
  const payee = usePayeeOf(earning?.user_id ?? null);
  const refusal = record.error instanceof ApiError ? record.error : null;
  const error = refusal?.userMessage() ?? null;
  // A payout refused for the winner's paperwork names what is missing (issue 31).
  const named: unknown[] =
    refusal?.code === 'paperwork_incomplete' && Array.isArray(refusal.body.missing)
      ? refusal.body.missing
      : [];
  const missing = PAPERWORK_MISSING.filter((item) => named.includes(item));
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
          <Box component="section" aria-label="Payee" sx={{ typography: 'body2', color: 'text.secondary' }}>
            {payee.isPending && 'Loading the payee details…'}
            {payee.isError && 'The payee details could not be loaded.'}
            {payee.data === null && 'The creator has not entered payee details yet.'}
            {payee.data && (
              <>
                Pay to {payee.data.legal_name}, {payee.data.address}, {payee.data.country} ·{' '}
                {payee.data.tax_form}, taxpayer id ending {payee.data.tax_id_last4}
              </>
            )}
          </Box>
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
          {error && (
            <Alert severity="error">
              {error}
              {missing.length > 0 && (
                <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                  {missing.map((item) => (
                    <li key={item}>{PAPERWORK_MISSING_LABELS[item]}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
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
