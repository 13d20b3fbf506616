import { SimplePage } from '../../../components/simple-page';

export default function TermsPage() {
  return <SimplePage title="Terms" />;
}
