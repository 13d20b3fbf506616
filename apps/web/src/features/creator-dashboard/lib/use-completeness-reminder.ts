import { useEffect, useRef } from 'react';
import { LIMITS, MESSAGES } from '@app/domain';
import { useNotify } from '../../../components/notifications';

/**
 * The 'Please complete your profile' warning (spec §2, §9): shown at once, then every 4 minutes,
 * for 4 s each time, while completeness is under 100 %. `percent` is undefined until the
 * profile has loaded. While `paused` (the Edit Profile dialog is open) a due reminder is skipped, so
 * the toast never covers the form that completes the profile.
 */
export function useCompletenessReminder(percent: number | undefined, paused = false): void {
  const notify = useNotify();
  const incomplete = percent !== undefined && percent < 100;
  const pausedRef = useRef(paused);
  useEffect(() => {
    pausedRef.current = paused;
  }, [paused]);
  useEffect(() => {
    if (!incomplete) return;
    const show = () => {
      if (pausedRef.current) return;
      notify(MESSAGES.dashboard.completeProfile, {
        severity: 'warning',
        durationMs: LIMITS.completenessToastShownMs,
      });
    };
    show();
    const timer = setInterval(show, LIMITS.completenessToastEveryMs);
    return () => clearInterval(timer);
  }, [incomplete, notify]);
}
