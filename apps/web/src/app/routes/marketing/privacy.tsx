import { LegalPage } from '../../../features/marketing/components/legal-page';

export default function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
