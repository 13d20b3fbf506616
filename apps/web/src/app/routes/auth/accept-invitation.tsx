import { useParams } from 'react-router';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { AcceptInvitationForm } from '../../../features/auth/components/accept-invitation-form';

/** /invitations/:token (public; the token is the secret): accept an invitation: a new account sets a password, an existing brand account gives its own. */
export default function AcceptInvitationPage() {
  const { token = '' } = useParams();
  return (
    <AuthCard title="Accept Invitation">
      <AcceptInvitationForm token={token} />
    </AuthCard>
  );
}
