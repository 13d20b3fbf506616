import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { LoginFormPanel } from '../../../features/auth/components/login-form';
import { rememberedFrom } from '../../../features/auth/redirect';

/** /login (spec §2 Sign In): already signed in goes to /; a successful login reloads the page. */
export default function LoginPage() {
  const session = useSession();
  const location = useLocation();
  // Signed in before this page opened: leave. Signed in here: the form is loading the next page.
  const [signedInOnArrival] = useState(() => Boolean(session));
  if (session && signedInOnArrival) return <Navigate to={paths.home} replace />;
  return (
    <AuthCard title="Sign In" subtitle="Welcome back. Sign in to your creator account.">
      <LoginFormPanel from={rememberedFrom(location.state)} />
    </AuthCard>
  );
}
