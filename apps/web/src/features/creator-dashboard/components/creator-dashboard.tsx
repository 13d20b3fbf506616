import { useEffect, useState, type ReactNode } from 'react';
import { Box, Container, Stack, Typography } from '@mui/material';
import { MESSAGES, profileCompleteness } from '@app/domain';
import { useNotify } from '../../../components/notifications';
import { sessionStore } from '../../../lib/session';
import { useCreatorProfile } from '../api/get-creator-profile';
import { useCreatorDashboard } from '../api/get-creator-dashboard';
import { useCreatorStats } from '../api/get-creator-stats';
import { useCreatorEarnings } from '../api/get-creator-earnings';
import { profileToValues } from '../lib/profile-values';
import { useCompletenessReminder } from '../lib/use-completeness-reminder';
import { useDashboardError } from '../lib/use-dashboard-error';
import { ProfileCard, ProfileCardSkeleton } from './profile-card';
import { EarningsOverview } from './earnings-overview';
import { MyContests } from './my-contests';
import { MyVideos } from './my-videos';
import { EditProfileDialog } from './edit-profile-dialog';
import { DashboardSectionError } from './dashboard-section-error';

/** Reports a query's failure once per failure (toast; 401 → /login). */
function useReportError(error: unknown, fallback: string) {
  const handleError = useDashboardError();
  useEffect(() => {
    if (error) handleError(error, fallback);
  }, [error, fallback, handleError]);
}

interface CreatorDashboardProps {
  /** Opens the upload dialog, which the page composes from the videos feature. */
  onUploadVideo: () => void;
  /** Rendered after the sections (the page puts the upload dialog here). */
  children?: ReactNode;
}

/** Spec §2 creator dashboard: profile card, earnings, My Contests, My Videos and Edit Profile. */
export function CreatorDashboard({ onUploadVideo, children }: CreatorDashboardProps) {
  const profile = useCreatorProfile();
  const dashboard = useCreatorDashboard();
  const stats = useCreatorStats();
  const earnings = useCreatorEarnings();
  const [editing, setEditing] = useState(false);
  const notify = useNotify();

  // The tokens are cleared when a refresh fails (lib/api-client.ts); the guard then goes to /login.
  useEffect(() => {
    const unsubscribe = sessionStore.subscribe(() => {
      if (!sessionStore.get()) notify(MESSAGES.dashboard.sessionExpired, { severity: 'error' });
    });
    return () => void unsubscribe();
  }, [notify]);

  useReportError(profile.error, MESSAGES.dashboard.loadProfileFailed);
  useReportError(dashboard.error, MESSAGES.dashboard.loadDashboardFailed);
  useReportError(stats.error ?? earnings.error, MESSAGES.dashboard.loadDashboardFailed);

  const completeness = profile.data ? profileCompleteness(profileToValues(profile.data)) : undefined;
  useCompletenessReminder(completeness, editing);

  const contests = dashboard.data && {
    running: dashboard.data.running_contests,
    applied: dashboard.data.applied_contests,
    ended: dashboard.data.past_contests,
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <Typography component="h1" variant="h2" sx={{ mb: { xs: 2, md: 4 } }}>
        Creator Dashboard
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '340px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box>
          {profile.data ? (
            <ProfileCard profile={profile.data} stats={stats.data} onEdit={() => setEditing(true)} />
          ) : profile.isError ? (
            <DashboardSectionError
              message={MESSAGES.dashboard.loadProfileFailed}
              onRetry={() => void profile.refetch()}
            />
          ) : (
            <ProfileCardSkeleton />
          )}
        </Box>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {earnings.isError ? (
            <DashboardSectionError
              message={MESSAGES.dashboard.loadDashboardFailed}
              onRetry={() => void earnings.refetch()}
            />
          ) : (
            <EarningsOverview earnings={earnings.data} />
          )}
          {dashboard.isError ? (
            <DashboardSectionError
              message={MESSAGES.dashboard.loadDashboardFailed}
              onRetry={() => void dashboard.refetch()}
            />
          ) : (
            <MyContests lists={contests || undefined} loading={dashboard.isPending} />
          )}
          {dashboard.isError ? (
            <DashboardSectionError
              message={MESSAGES.dashboard.loadVideosFailed}
              onRetry={() => void dashboard.refetch()}
            />
          ) : (
            <MyVideos
              videos={dashboard.data?.videos}
              loading={dashboard.isPending}
              onUpload={onUploadVideo}
            />
          )}
        </Stack>
      </Box>
      {profile.data && (
        <EditProfileDialog open={editing} profile={profile.data} onClose={() => setEditing(false)} />
      )}
      {children}
    </Container>
  );
}
