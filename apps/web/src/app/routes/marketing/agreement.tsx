import { SimplePage } from '../../../components/simple-page';

export default function AgreementPage() {
  return <SimplePage title="Participant Agreement" />;
}
