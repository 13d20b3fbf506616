import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, Snackbar, Stack } from '@mui/material';
import { LIMITS } from '@app/domain';

export type Severity = 'success' | 'info' | 'warning' | 'error';

interface Notification {
  id: number;
  message: string;
  severity: Severity;
  durationMs: number;
}

type Notify = (message: string, options?: { severity?: Severity; durationMs?: number }) => void;

const NotifyContext = createContext<Notify>(() => {});

/** Default duration per severity (spec §9): errors 5 s, others 3 s. */
function defaultDuration(severity: Severity): number {
  return severity === 'error' ? LIMITS.errorToastMs : LIMITS.defaultNotificationMs;
}

let nextId = 1;

/** Toasts: at most 3 on screen at once (spec §9); the oldest gives way to a new one. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Notification[]>([]);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((n) => n.id !== id)), []);
  const notify = useCallback<Notify>((message, options = {}) => {
    const severity = options.severity ?? 'info';
    const item = { id: nextId++, message, severity, durationMs: options.durationMs ?? defaultDuration(severity) };
    setItems((list) => [...list, item].slice(-LIMITS.maxNotifications));
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Stack
        spacing={1}
        sx={{ position: 'fixed', bottom: 24, left: '50%', transform: 'translateX(-50%)', zIndex: 'snackbar', width: 'min(92vw, 480px)' }}
      >
        {items.map((item) => (
          <Snackbar
            key={item.id}
            open
            autoHideDuration={item.durationMs}
            onClose={(_, reason) => reason !== 'clickaway' && dismiss(item.id)}
            sx={{ position: 'static', transform: 'none' }}
          >
            <Alert variant="filled" severity={item.severity} onClose={() => dismiss(item.id)} sx={{ width: '100%' }}>
              {item.message}
            </Alert>
          </Snackbar>
        ))}
      </Stack>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
