import { SimplePage } from '../../../components/simple-page';

export default function NotFoundPage() {
  return <SimplePage title="Page not found" />;
}
