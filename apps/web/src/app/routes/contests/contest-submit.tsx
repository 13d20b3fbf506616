import { SimplePage } from '../../../components/simple-page';

export default function ContestSubmitPage() {
  return <SimplePage title="Submit Video" />;
}
