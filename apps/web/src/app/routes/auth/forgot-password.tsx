import { SimplePage } from '../../../components/simple-page';

export default function ForgotPasswordPage() {
  return <SimplePage title="Forgot Password" />;
}
