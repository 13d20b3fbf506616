import { SimplePage } from '../../../components/simple-page';

export default function AboutPage() {
  return <SimplePage title="About" />;
}
