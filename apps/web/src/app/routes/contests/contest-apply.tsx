import { SimplePage } from '../../../components/simple-page';

export default function ContestApplyPage() {
  return <SimplePage title="Apply" />;
}
