import { SimplePage } from '../../../components/simple-page';

export default function SignupPage() {
  return <SimplePage title="Create Account" />;
}
