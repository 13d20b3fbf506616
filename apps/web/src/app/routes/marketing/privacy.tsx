import { SimplePage } from '../../../components/simple-page';

export default function PrivacyPage() {
  return <SimplePage title="Privacy Policy" />;
}
