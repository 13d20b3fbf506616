import { SimplePage } from '../../../components/simple-page';

export default function ProfileSettingsPage() {
  return <SimplePage title="Profile Settings" />;
}
