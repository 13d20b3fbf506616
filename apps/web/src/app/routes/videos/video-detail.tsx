import { SimplePage } from '../../../components/simple-page';

export default function VideoDetailPage() {
  return <SimplePage title="Video Details" />;
}
