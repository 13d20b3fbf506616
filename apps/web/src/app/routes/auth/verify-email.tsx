import { useParams, useSearchParams } from 'react-router';
import { safeNextPath } from '@app/domain';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { VerifyEmailStatus } from '../../../features/auth/components/verify-email-status';

/** /verify-email/:uid/:token[?next=/path]: verifies once and shows the outcome; signing in returns to `next`. */
export default function VerifyEmailPage() {
  const { uid, token } = useParams();
  const [search] = useSearchParams();
  return (
    <AuthCard title="Email Verification" icon={<MarkEmailReadOutlined />}>
      <VerifyEmailStatus uid={uid} token={token} next={safeNextPath(search.get('next'))} />
    </AuthCard>
  );
}
