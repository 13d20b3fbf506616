import { SimplePage } from '../../../components/simple-page';

export default function HbadaSynergyPage() {
  return <SimplePage title="Hbada Synergy" />;
}
