import { SimplePage } from '../../../components/simple-page';

export default function VerifyEmailPage() {
  return <SimplePage title="Email verification" />;
}
