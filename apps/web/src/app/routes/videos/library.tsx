import { VideoLibrary } from '../../../features/videos/components/video-library';

/** /videos and /library (no navbar or footer: see CHROMELESS_PATHS). */
export default function LibraryPage() {
  return <VideoLibrary />;
}
