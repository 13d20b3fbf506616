import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { displayName } from '@app/domain';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';
import { dashboardPathFor, useSession } from '../../../lib/session';

const ROLE_LABEL: Record<string, string> = { creator: 'Creator', brand: 'Brand', staff: 'Staff' };

/** /profile (any signed-in user): a placeholder (spec §2) showing who is signed in. */
export default function ProfilePage() {
  const session = useSession();
  if (!session) return null;
  const { user } = session;
  const rows = [
    { label: 'Name', value: displayName(user) },
    { label: 'E-mail', value: user.email },
    { label: 'Account type', value: ROLE_LABEL[user.role] ?? user.role },
  ];
  return (
    <SimplePage title="Profile">
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 4,
          p: 3,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        {rows.map((row) => (
          <Box
            key={row.label}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, py: 1 }}
          >
            <Typography component="dt" color="textSecondary">
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        A public profile page is not available yet.
        {user.role === 'creator' &&
          ' Your portfolio, bio and shipping address are edited from your dashboard.'}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button component={RouterLink} to={dashboardPathFor(user.role)} variant="contained">
          Go to your dashboard
        </Button>
        {user.role === 'creator' && (
          <Button component={RouterLink} to={paths.profileSettings} variant="outlined" color="inherit">
            Profile settings
          </Button>
        )}
      </Box>
    </SimplePage>
  );
}
