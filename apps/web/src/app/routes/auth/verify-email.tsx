import { useParams } from 'react-router';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { VerifyEmailStatus } from '../../../features/auth/components/verify-email-status';

/** /verify-email/:uid/:token: verifies once and shows the outcome. */
export default function VerifyEmailPage() {
  const { uid, token } = useParams();
  return (
    <AuthCard title="Email Verification" icon={<MarkEmailReadOutlined />}>
      <VerifyEmailStatus uid={uid} token={token} />
    </AuthCard>
  );
}
