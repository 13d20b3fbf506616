import { Paper, Typography } from '@mui/material';
import { SimplePage } from '../../../components/simple-page';
import { EmailPreferences, NotificationList } from '../../../features/notifications';

/** /notifications (any signed-in user): the inbox, and which e-mails they receive. */
export default function NotificationsPage() {
  return (
    <SimplePage title="Notifications">
      <NotificationList />
      <Paper component="section" aria-labelledby="email-settings-title" sx={{ p: { xs: 2, sm: 3 }, mt: 4 }}>
        <Typography id="email-settings-title" component="h2" variant="h5" gutterBottom>
          E-mail settings
        </Typography>
        <EmailPreferences />
      </Paper>
    </SimplePage>
  );
}
