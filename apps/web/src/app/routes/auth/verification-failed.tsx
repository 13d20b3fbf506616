import { SimplePage } from '../../../components/simple-page';

export default function VerificationFailedPage() {
  return <SimplePage title="Verification failed" />;
}
