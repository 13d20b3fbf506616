import { LegalPage } from '../../../features/marketing/components/legal-page';

export default function RulesPage() {
  return <LegalPage document="rules" />;
}
