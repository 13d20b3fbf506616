import { SimplePage } from '../../../components/simple-page';

export default function ProfilePage() {
  return <SimplePage title="Profile" />;
}
