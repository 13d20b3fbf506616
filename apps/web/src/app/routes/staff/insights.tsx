import { ConsolePage } from '../../../features/staff/components/console-page';
import { StaffOverview } from '../../../features/insights';

/** /staff/insights (staff only): the platform's last 30 days in charts (issue 33). */
export default function StaffInsightsPage() {
  return (
    <ConsolePage
      title="Insights"
      intro="Uploads, failed processing and processing times of the last 30 days, and how long the review queue waits."
    >
      <StaffOverview />
    </ConsolePage>
  );
}
