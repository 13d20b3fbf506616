import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { sessionStore } from '../../../lib/session';
import { PageLoading } from '../../../components/page-loading';
import { usePageTitle } from '../../../lib/page-title';
import { logout } from '../../../features/auth/api/logout';

/**
 * /logout: forgets the session here first (so the bell, its live stream and every signed-in query
 * stop before the server revokes it and none of them meets a 401), then revokes it on the server
 * with the refresh cookie and goes to / (even if the call fails).
 */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  usePageTitle('Signing out');
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    sessionStore.clear();
    void queryClient.cancelQueries();
    queryClient.clear();
    const done = () => navigate(paths.home, { replace: true });
    logout().then(done, done);
  }, [navigate, queryClient]);
  return <PageLoading />;
}
