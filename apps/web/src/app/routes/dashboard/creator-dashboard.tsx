import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '../../../lib/page-title';
import { CreatorDashboard } from '../../../features/creator-dashboard/components/creator-dashboard';
import { creatorDashboardQueryKey } from '../../../features/creator-dashboard/api/get-creator-dashboard';
import { creatorStatsQueryKey } from '../../../features/creator-dashboard/api/get-creator-stats';
import { UploadVideoDialog } from '../../../features/videos/components/upload-video-dialog';

/** /creator-dashboard (creator only): the dashboard feature plus the videos feature's upload dialog. */
export default function CreatorDashboardPage() {
  usePageTitle('Creator Dashboard');
  const queryClient = useQueryClient();
  const [uploadOpen, setUploadOpen] = useState(false);
  // The new video appears without a reload: the dashboard's lists and counts are fetched again.
  const onUploaded = () => {
    void queryClient.invalidateQueries({ queryKey: creatorDashboardQueryKey });
    void queryClient.invalidateQueries({ queryKey: creatorStatsQueryKey });
  };

  return (
    <CreatorDashboard onUploadVideo={() => setUploadOpen(true)}>
      <UploadVideoDialog open={uploadOpen} onClose={() => setUploadOpen(false)} onUploaded={onUploaded} />
    </CreatorDashboard>
  );
}
