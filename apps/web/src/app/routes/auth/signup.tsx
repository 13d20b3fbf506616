import { AuthCard } from '../../../features/auth/components/auth-card';
import { SignupFormPanel } from '../../../features/auth/components/signup-form';

/** /signup (spec §2 Sign Up): creates a creator account. */
export default function SignupPage() {
  return (
    <AuthCard title="Create Account" subtitle="Join the community of creators making cinematic ads.">
      <SignupFormPanel />
    </AuthCard>
  );
}
