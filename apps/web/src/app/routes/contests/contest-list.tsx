import { SimplePage } from '../../../components/simple-page';

export default function ContestListPage() {
  return <SimplePage title="Contests" />;
}
