import { ConsolePage } from '../../../features/staff/components/console-page';
import { ReviewQueue } from '../../../features/staff/components/review-queue';

/** /staff/review (staff only): the review queue. */
export default function ReviewQueuePage() {
  return (
    <ConsolePage
      title="Review queue"
      intro="Approved videos are public in the library at once; a rejected video stays private and its creator sees the reason."
    >
      <ReviewQueue />
    </ConsolePage>
  );
}
