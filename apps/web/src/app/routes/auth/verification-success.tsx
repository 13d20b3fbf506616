import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { MESSAGES } from '@app/domain';
import { paths } from '../../../config/paths';
import { AuthCard } from '../../../features/auth/components/auth-card';

/** /verification-success: the e-mail is verified; a link to sign in. */
export default function VerificationSuccessPage() {
  return (
    <AuthCard title="Email Verified" icon={<CheckCircleOutline />} subtitle={MESSAGES.verification.success}>
      <Button component={RouterLink} to={paths.login} variant="contained" size="large">
        Go to Login
      </Button>
    </AuthCard>
  );
}
