import { useLocation } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { ResendVerificationForm } from '../../../features/auth/components/resend-verification-form';

/** /resend-verification: the e-mail is prefilled from navigation state when present. */
export default function ResendVerificationPage() {
  const location = useLocation();
  const email = (location.state as { email?: unknown } | null)?.email;
  return (
    <AuthCard
      title="Resend Verification Email"
      subtitle="Enter your e-mail address and we will send you a new verification link."
    >
      <ResendVerificationForm initialEmail={typeof email === 'string' ? email : undefined} />
    </AuthCard>
  );
}
