import { VideoLibrary } from '../../../features/videos/components/video-library';
import { usePageTitle } from '../../../lib/page-title';

/** /videos and /library (no navbar or footer: see CHROMELESS_PATHS). */
export default function LibraryPage() {
  usePageTitle('Video Library');
  return <VideoLibrary />;
}
