import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { useNotify } from '../../../components/notifications';
import { paths } from '../../../config/paths';

/** The user-facing message of a dashboard failure (spec §8 Dashboard). */
export function dashboardErrorMessage(
  error: unknown,
  fallback: string = MESSAGES.dashboard.unexpected,
): string {
  if (!(error instanceof ApiError)) return MESSAGES.dashboard.unexpected;
  if (error.status === 401 || error.status === 0 || error.status >= 500) return error.userMessage();
  return error.detail || fallback;
}

/**
 * Shows a dashboard failure as an error toast. A 401 (the refresh already failed) clears the
 * tokens and goes to /login; the dashboard says 'Your session has expired…' when the session
 * ends (creator-dashboard.tsx), so it is said once however many requests failed.
 */
export function useDashboardError() {
  const notify = useNotify();
  const navigate = useNavigate();
  return useCallback(
    (error: unknown, fallback?: string) => {
      if (error instanceof ApiError && error.status === 401) {
        if (sessionStore.get()) sessionStore.clear();
        void navigate(paths.login, { replace: true });
        return;
      }
      notify(dashboardErrorMessage(error, fallback), { severity: 'error' });
    },
    [notify, navigate],
  );
}
