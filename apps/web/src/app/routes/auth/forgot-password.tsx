import { AuthCard } from '../../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';

/** /forgot-password: request a reset link. */
export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter your e-mail address and we will send you a link to reset your password."
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
