import { Box, Divider } from '@mui/material';
import { ConsolePage } from '../../../features/staff/components/console-page';
import { InviteForm } from '../../../features/staff/components/invite-form';
import { InvitationsList } from '../../../features/staff/components/invitations-list';
import { UsersPanel } from '../../../features/staff/components/users-panel';

/** /staff/accounts (staff only): users, invitations. */
export default function AccountsPage() {
  return (
    <ConsolePage title="Accounts" intro="Find and deactivate accounts; invite staff and brand users.">
      <Box sx={{ display: 'grid', gap: 5 }}>
        <UsersPanel />
        <Divider />
        <Box sx={{ display: 'grid', gap: 5, gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' } }}>
          <InviteForm />
          <InvitationsList />
        </Box>
      </Box>
    </ConsolePage>
  );
}
