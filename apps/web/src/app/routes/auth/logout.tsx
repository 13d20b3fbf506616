import { SimplePage } from '../../../components/simple-page';

export default function LogoutPage() {
  return <SimplePage title="Signing out" />;
}
