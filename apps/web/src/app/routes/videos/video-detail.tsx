import { useParams } from 'react-router';
import { VideoDetails } from '../../../features/videos/components/video-details';

/** /video/:id and /videos/:id. */
export default function VideoDetailPage() {
  const { id = '' } = useParams();
  return <VideoDetails id={id} />;
}
