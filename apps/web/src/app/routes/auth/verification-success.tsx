import { SimplePage } from '../../../components/simple-page';

export default function VerificationSuccessPage() {
  return <SimplePage title="Email verified" />;
}
