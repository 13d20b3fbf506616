import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { sessionStore } from '../../../lib/session';
import { PageLoading } from '../../../components/page-loading';
import { usePageTitle } from '../../../lib/page-title';
import { logout } from '../../../features/auth/api/logout';

/** /logout: revokes the session on the server, forgets it here, then goes to / (even if the call fails). */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  usePageTitle('Signing out');
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const done = () => {
      sessionStore.clear();
      queryClient.clear();
      navigate(paths.home, { replace: true });
    };
    logout().then(done, done);
  }, [navigate, queryClient]);
  return <PageLoading />;
}
