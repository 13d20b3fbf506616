import { SimplePage } from '../../../components/simple-page';

export default function RulesPage() {
  return <SimplePage title="Contest Rules" />;
}
