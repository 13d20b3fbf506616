import { SimplePage } from '../../../components/simple-page';

export default function HowItWorksPage() {
  return <SimplePage title="How It Works" />;
}
