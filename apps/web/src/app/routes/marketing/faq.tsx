import { SimplePage } from '../../../components/simple-page';

export default function FaqPage() {
  return <SimplePage title="FAQ" />;
}
