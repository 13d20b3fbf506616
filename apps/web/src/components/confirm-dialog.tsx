import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/**
 * Asks before a destructive action (deactivate an account, withdraw an invitation): Cancel, or the
 * action in red; while it runs both are disabled and the dialog cannot be dismissed.
 */
export function ConfirmDialog({
  open,
  id,
  title,
  children,
  action,
  pendingAction,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** The title element's id (the dialog is labelled by it). */
  id: string;
  title: string;
  children: ReactNode;
  action: string;
  pendingAction: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{children}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={pending}>
          {pending ? pendingAction : action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
