import { useParams } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { ResetPasswordFormPanel } from '../../../features/auth/components/reset-password-form';

/** /reset-password/:uidb64/:token: choose a new password. */
export default function ResetPasswordPage() {
  const { uidb64, token } = useParams();
  return (
    <AuthCard title="Reset Password">
      <ResetPasswordFormPanel uidb64={uidb64} token={token} />
    </AuthCard>
  );
}
