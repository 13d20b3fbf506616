import { AuthCard } from '../../../features/auth/components/auth-card';
import { ChangePasswordFormPanel } from '../../../features/auth/components/change-password-form';

/** /change-password (signed in, any role): current password, then a new one. */
export default function ChangePasswordPage() {
  return (
    <AuthCard title="Change Password">
      <ChangePasswordFormPanel />
    </AuthCard>
  );
}
