import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Box, CircularProgress, Typography } from '@mui/material';
import type { Role } from '@app/domain';
import { dashboardPathFor, isAccessTokenExpired, useSession } from '../lib/session';
import { refreshSession } from '../lib/api-client';
import { paths } from '../config/paths';

/**
 * Route guard (spec §4): 'Loading...' while a stale session is refreshed; anonymous users go to
 * /login with the origin remembered; a wrong role goes to its own dashboard.
 */
export function RequireAuth({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const [checking, setChecking] = useState(() => Boolean(session && isAccessTokenExpired(session.access)));

  useEffect(() => {
    if (!checking) return;
    let active = true;
    // A failed refresh clears the session, which sends the user to /login below.
    void refreshSession().finally(() => {
      if (active) setChecking(false);
    });
    return () => {
      active = false;
    };
  }, [checking]);

  if (checking) {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', gap: 2, minHeight: '40vh' }}>
        <CircularProgress aria-hidden />
        <Typography>Loading...</Typography>
      </Box>
    );
  }
  if (!session) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  if (roles && !roles.includes(session.user.role)) {
    return <Navigate to={dashboardPathFor(session.user.role)} replace />;
  }
  return <>{children}</>;
}
