import { SimplePage } from '../../../components/simple-page';

export default function ResetPasswordPage() {
  return <SimplePage title="Reset Password" />;
}
