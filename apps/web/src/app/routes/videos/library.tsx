import { SimplePage } from '../../../components/simple-page';

export default function LibraryPage() {
  return <SimplePage title="Video Library" />;
}
