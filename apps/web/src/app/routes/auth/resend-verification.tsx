import { SimplePage } from '../../../components/simple-page';

export default function ResendVerificationPage() {
  return <SimplePage title="Resend verification email" />;
}
