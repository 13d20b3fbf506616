import { SimplePage } from '../../../components/simple-page';

export default function BrandDashboardPage() {
  return <SimplePage title="Brand Dashboard" />;
}
