import { LegalPage } from '../../../features/marketing/components/legal-page';

export default function AgreementPage() {
  return <LegalPage document="agreement" />;
}
