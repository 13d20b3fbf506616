import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../components/notifications';
import { formatDateTime } from '../../../lib/format';
import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { BRAND_ROLE_LABELS, type Invitation } from '@app/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';

const STATES = {
  pending: { label: 'Pending', color: 'warning' },
  accepted: { label: 'Accepted', color: 'success' },
  expired: { label: 'Expired', color: 'default' },
  revoked: { label: 'Withdrawn', color: 'default' },
} as const satisfies Record<Invitation['status'], { label: string; color: string }>;

/**
 * The invitations sent, newest first: who, as what, by whom, and whether the link was used; a
 * pending one can be withdrawn after a confirmation (its link stops working at once).
 */
export function InvitationsList() {
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const notify = useNotify();
  const [confirming, setConfirming] = useState<Invitation | null>(null);

  const confirm = () => {
    if (!confirming) return;
    const invitation = confirming;
    revoke.mutate(invitation.id, {
      onSuccess: () =>
        notify(`The invitation to ${invitation.email} is withdrawn: its link no longer works.`, {
          severity: 'success',
        }),
      onError: (error) =>
        notify(error instanceof ApiError ? error.userMessage() : 'The invitation was not withdrawn.', {
          severity: 'error',
        }),
      onSettled: () => setConfirming(null),
    });
  };
  return (
    <Box component="section" aria-labelledby="invitations-heading">
      <Typography id="invitations-heading" component="h2" variant="h4" sx={{ mb: 2 }}>
        Invitations
      </Typography>
      {invitations.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading invitations">
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : invitations.isError ? (
        <Alert severity="error">
          {invitations.error instanceof ApiError
            ? invitations.error.userMessage()
            : 'Failed to load the invitations.'}
        </Alert>
      ) : invitations.data.results.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No invitations yet. Invite someone above.</Typography>
      ) : (
        <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {invitations.data.results.map((invitation, index) => {
            const { label, color } = STATES[invitation.status];
            const as =
              invitation.role === 'brand'
                ? `${invitation.brand_role ? BRAND_ROLE_LABELS[invitation.brand_role].label : 'Brand user'}${invitation.brand_name ? ` of ${invitation.brand_name}` : ''}`
                : 'Staff';
            return (
              <ListItem
                key={invitation.id}
                divider={index < invitations.data.results.length - 1}
                // The status and the action wrap under the text on a phone (no fixed right gutter).
                sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
              >
                <ListItemText
                  primary={invitation.email}
                  secondary={`${as} · sent ${formatDateTime(invitation.created_at)}${invitation.invited_by_email ? ` by ${invitation.invited_by_email}` : ''}`}
                  slotProps={{
                    primary: { sx: { overflowWrap: 'anywhere' } },
                    secondary: { sx: { overflowWrap: 'anywhere' } },
                  }}
                  sx={{ flex: '1 1 16rem', minWidth: 0, my: 0 }}
                />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
                  <Chip size="small" label={label} color={color} variant="outlined" />
                  {invitation.status === 'pending' && (
                    <Button
                      size="small"
                      color="error"
                      variant="outlined"
                      onClick={() => setConfirming(invitation)}
                      aria-label={`Withdraw the invitation to ${invitation.email}`}
                    >
                      Withdraw
                    </Button>
                  )}
                </Stack>
              </ListItem>
            );
          })}
        </List>
      )}

      <ConfirmDialog
        open={confirming !== null}
        id="revoke-invitation-title"
        title="Withdraw this invitation?"
        action="Withdraw"
        pendingAction="Withdrawing..."
        pending={revoke.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      >
        The link sent to {confirming?.email} will stop working at once. You can invite them again later.
      </ConfirmDialog>
    </Box>
  );
}
