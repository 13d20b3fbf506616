import { SimplePage } from '../../../components/simple-page';

export default function LoginPage() {
  return <SimplePage title="Sign In" />;
}
