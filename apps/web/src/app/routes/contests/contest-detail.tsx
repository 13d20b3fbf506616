import { SimplePage } from '../../../components/simple-page';

export default function ContestDetailPage() {
  return <SimplePage title="Contest" />;
}
