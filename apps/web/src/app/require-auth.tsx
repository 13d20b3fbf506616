import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@app/domain';
import { dashboardPathFor, useSession } from '../lib/session';
import { paths } from '../config/paths';

/**
 * Route guard (spec §4): anonymous users go to /login with the origin remembered; a wrong role
 * goes to its own dashboard.
 */
export function RequireAuth({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  if (roles && !roles.includes(session.user.role)) {
    return <Navigate to={dashboardPathFor(session.user.role)} replace />;
  }
  return <>{children}</>;
}
