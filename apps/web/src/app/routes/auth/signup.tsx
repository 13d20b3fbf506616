import { useSearchParams } from 'react-router';
import { safeNextPath } from '@app/domain';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { SignupFormPanel } from '../../../features/auth/components/signup-form';

/**
 * /signup (spec §2 Sign Up): creates a creator account; `?as=voter&next=/contests/1/vote` (issue 50,
 * from an audience gallery) a voter account whose verification returns to the gallery.
 */
export default function SignupPage() {
  const [search] = useSearchParams();
  if (search.get('as') === 'voter')
    return (
      <AuthCard
        title="Create a voter account"
        subtitle="Verify your e-mail address, then vote for your favourite films."
      >
        <SignupFormPanel voter={{ next: safeNextPath(search.get('next')) }} />
      </AuthCard>
    );
  return (
    <AuthCard title="Create Account" subtitle="Join the community of creators making cinematic ads.">
      <SignupFormPanel />
    </AuthCard>
  );
}
