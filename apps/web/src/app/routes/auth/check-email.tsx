import { SimplePage } from '../../../components/simple-page';

export default function CheckEmailPage() {
  return <SimplePage title="Check your email" />;
}
