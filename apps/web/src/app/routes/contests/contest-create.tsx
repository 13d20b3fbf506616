import { SimplePage } from '../../../components/simple-page';

export default function ContestCreatePage() {
  return <SimplePage title="Create Contest" />;
}
