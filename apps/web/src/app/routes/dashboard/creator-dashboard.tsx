import { SimplePage } from '../../../components/simple-page';

export default function CreatorDashboardPage() {
  return <SimplePage title="Creator Dashboard" />;
}
