import { SimplePage } from '../../../components/simple-page';

export default function ContactPage() {
  return <SimplePage title="Contact" />;
}
