import { SimplePage } from '../../../components/simple-page';

export default function ContestSubmissionsPage() {
  return <SimplePage title="Contest Submissions" />;
}
