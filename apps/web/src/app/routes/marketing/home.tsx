import { SimplePage } from '../../../components/simple-page';

export default function HomePage() {
  return <SimplePage title="Home" />;
}
