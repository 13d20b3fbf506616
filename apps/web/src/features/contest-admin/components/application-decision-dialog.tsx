import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { CONTEST_ADMIN_LIMITS, type ManagedApplication } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useApplicationAction, type ApplicationAction } from '../api/applications';

/** A decision about to be made on an application, asked for in the dialog. */
export type PendingDecision =
  | { kind: 'select' | 'decline' | 'withdraw'; application: ManagedApplication }
  | { kind: 'shipment'; application: ManagedApplication };

const ACTION_TITLE = {
  select: 'Select',
  decline: 'Decline',
  withdraw: 'Withdraw',
  shipment: 'Mark shipped',
} as const;

/**
 * Select, decline or withdraw an application with a note for the creator (or the audit log), or
 * mark its unit shipped with the carrier and tracking number.
 */
export function DecisionDialog({
  pending,
  onClose,
}: {
  pending: PendingDecision | null;
  onClose: () => void;
}) {
  const action = useApplicationAction();
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  if (!pending) return null;
  const { application, kind } = pending;
  const close = () => {
    action.reset();
    setNote('');
    setCarrier('');
    setTracking('');
    onClose();
  };
  const submit = () => {
    const request: ApplicationAction =
      kind === 'shipment'
        ? {
            kind,
            id: application.id,
            shipment: { carrier: carrier.trim(), tracking_number: tracking.trim() },
          }
        : { kind, id: application.id, note: note.trim() };
    action.mutate(request, { onSuccess: close });
  };
  const error =
    action.error instanceof ApiError
      ? action.error.status === 409
        ? `${action.error.detail} The list has been refreshed.`
        : action.error.userMessage()
      : null;
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="decision-title">
      <DialogTitle id="decision-title">
        {ACTION_TITLE[kind]} {application.full_name}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {kind === 'shipment' ? (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {application.product.name} to {application.shipping_address?.line1},{' '}
              {application.shipping_address?.city}. The creator is e-mailed the carrier and tracking number.
            </Typography>
            <TextField
              label="Carrier"
              value={carrier}
              onChange={(e) => setCarrier(e.target.value)}
              slotProps={{ htmlInput: { maxLength: CONTEST_ADMIN_LIMITS.carrierMax } }}
              autoFocus
            />
            <TextField
              label="Tracking number"
              value={tracking}
              onChange={(e) => setTracking(e.target.value)}
              slotProps={{ htmlInput: { maxLength: CONTEST_ADMIN_LIMITS.trackingMax } }}
            />
          </>
        ) : (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {kind === 'select'
                ? 'The creator is e-mailed the brief and what happens next.'
                : kind === 'decline'
                  ? 'The creator gets a kind e-mail; their unit goes back to stock.'
                  : 'The selection is withdrawn before shipping; the unit goes back to stock.'}
            </Typography>
            <TextField
              label="Note (optional)"
              multiline
              minRows={2}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              slotProps={{ htmlInput: { maxLength: CONTEST_ADMIN_LIMITS.noteMax } }}
              helperText={kind === 'withdraw' ? 'Kept in the audit log.' : 'Included in the e-mail.'}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={close}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={action.isPending || (kind === 'shipment' && (!carrier.trim() || !tracking.trim()))}
        >
          {ACTION_TITLE[kind]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
