import type { VideoRequirements } from '@app/domain';
import { HeldAtQc } from '../../features/entries';
import { VideoQcReport } from '../../features/videos';

/**
 * Contest Submissions' "Held at the technical check" (staff, issue 51), each video's report judged
 * against the contest's delivery spec: a chunk of its own, loaded only for staff. Outside routes/,
 * whose every file the router lists in the main chunk as a page.
 */
export default function HeldAtQcSection({
  contestId,
  requirements,
}: {
  contestId: string;
  requirements?: VideoRequirements;
}) {
  return (
    <HeldAtQc
      contestId={contestId}
      renderReport={(videoId) => (
        <VideoQcReport videoId={videoId} requirements={requirements} headingComponent="h3" forReviewer />
      )}
    />
  );
}
