import { Alert, Box, Chip, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useInvitations } from '../api/get-invitations';
import { type Invitation } from '@app/domain';

const STATES = {
  pending: { label: 'Pending', color: 'warning' },
  accepted: { label: 'Accepted', color: 'success' },
  expired: { label: 'Expired', color: 'default' },
} as const satisfies Record<Invitation['status'], { label: string; color: string }>;

/** The invitations sent, newest first: who, as what, by whom, and whether the link was used. */
export function InvitationsList() {
  const invitations = useInvitations();
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
                ? `Brand user${invitation.brand_name ? ` of ${invitation.brand_name}` : ''}`
                : 'Staff';
            return (
              <ListItem
                key={invitation.id}
                divider={index < invitations.data.results.length - 1}
                secondaryAction={<Chip size="small" label={label} color={color} variant="outlined" />}
                sx={{ pr: 14 }}
              >
                <ListItemText
                  primary={invitation.email}
                  secondary={`${as} · sent ${formatDateTime(invitation.created_at)}${invitation.invited_by_email ? ` by ${invitation.invited_by_email}` : ''}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
