import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';

/** /dashboard: any signed-in user, sent on to /creator-dashboard (spec §2). */
export default function DashboardRedirect() {
  return <Navigate to={paths.creatorDashboard} replace />;
}
