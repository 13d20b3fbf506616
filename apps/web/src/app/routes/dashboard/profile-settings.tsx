import { Link as RouterLink } from 'react-router';
import { Box, Button, Paper, Typography } from '@mui/material';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';
import { PayeeForm } from '../../../features/paperwork';
import { EmailPreferences } from '../../../features/notifications';

/**
 * /profile/settings (creators only): the payee details prizes are paid to (issue 31), the e-mail
 * categories they receive (issue 32), and where
 * the rest of the profile and the password are edited.
 */
export default function ProfileSettingsPage() {
  return (
    <SimplePage title="Profile Settings">
      <Paper component="section" aria-labelledby="payee-title" sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}>
        <Typography id="payee-title" component="h2" variant="h5" gutterBottom>
          Payee details
        </Typography>
        <PayeeForm />
      </Paper>
      <Paper component="section" aria-labelledby="email-settings-title" sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}>
        <Typography id="email-settings-title" component="h2" variant="h5" gutterBottom>
          E-mail settings
        </Typography>
        <EmailPreferences />
      </Paper>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        Your name, contact details, bio, links and shipping address are edited with Edit Profile on your
        dashboard.
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
