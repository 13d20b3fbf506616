import { Link as RouterLink, useLocation } from 'react-router';
import { Button, Link, Stack, Typography } from '@mui/material';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/auth-card';

/** /check-email: a mail icon and Back to Login. */
export default function CheckEmailPage() {
  const location = useLocation();
  const email = (location.state as { email?: string } | null)?.email;
  return (
    <AuthCard
      title="Check your email"
      icon={<MarkEmailUnreadOutlined />}
      subtitle={
        email
          ? `We sent a verification link to ${email}. Open it to activate your account.`
          : 'We sent you a verification link. Open it to activate your account.'
      }
    >
      <Stack spacing={2} sx={{ textAlign: 'center' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No e-mail after a few minutes? Check your spam folder or{' '}
          <Link component={RouterLink} to={paths.resendVerification} state={{ email }}>
            send it again
          </Link>
          .
        </Typography>
        <Button component={RouterLink} to={paths.login} variant="contained" size="large">
          Back to Login
        </Button>
      </Stack>
    </AuthCard>
  );
}
