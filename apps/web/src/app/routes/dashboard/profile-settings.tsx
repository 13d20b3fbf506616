import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';

/** /profile/settings (creators only): a placeholder (spec §2) that points to where editing lives. */
export default function ProfileSettingsPage() {
  return (
    <SimplePage title="Profile Settings">
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        Account settings are not available on their own page yet. Your name, contact details, bio, links and
        shipping address are edited with Edit Profile on your dashboard.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button component={RouterLink} to={paths.creatorDashboard} variant="contained">
          Edit your profile on the dashboard
        </Button>
        <Button component={RouterLink} to={paths.changePassword} variant="outlined" color="inherit">
          Change your password
        </Button>
      </Box>
    </SimplePage>
  );
}
