import { Link as RouterLink } from 'react-router';
import { Button, Link, Stack, Typography } from '@mui/material';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { MESSAGES } from '@app/domain';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/auth-card';

/** /verification-failed: the link is invalid or expired; Register Again, Resend Email, and support. */
export default function VerificationFailedPage() {
  return (
    <AuthCard
      title="Verification Failed"
      icon={<ErrorOutline />}
      subtitle={MESSAGES.verification.invalidOrExpired}
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button component={RouterLink} to={paths.signup} variant="outlined" size="large" fullWidth>
            Register Again
          </Button>
          <Button
            component={RouterLink}
            to={paths.resendVerification}
            variant="contained"
            size="large"
            fullWidth
          >
            Resend Email
          </Button>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          Still stuck?{' '}
          <Link component={RouterLink} to={paths.contact}>
            Contact support
          </Link>
          .
        </Typography>
      </Stack>
    </AuthCard>
  );
}
