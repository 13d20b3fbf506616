import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, IconButton } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
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

const enter = keyframes`
  from { opacity: 0; transform: translateY(8px); }
  to { opacity: 1; transform: none; }
`;

/**
 * One toast: a filled bar in the severity's colour that hides itself after its duration. Drawn
 * with plain elements (not Snackbar/Alert) so the toast machinery stays out of the entry chunk.
 */
function Toast({ item, onDismiss }: { item: Notification; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(item.id), item.durationMs);
    return () => clearTimeout(timer);
  }, [item.id, item.durationMs, onDismiss]);
  return (
    <Box
      role={item.severity === 'error' ? 'alert' : 'status'}
      sx={{
        pointerEvents: 'auto',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: 2,
        pr: 0.5,
        py: 0.5,
        minHeight: 48,
        borderRadius: 1,
        boxShadow: 6,
        bgcolor: `${item.severity}.main`,
        color: `${item.severity}.contrastText`,
        fontWeight: 500,
        animation: `${enter} 200ms ease-out`,
      }}
    >
      <Box sx={{ flexGrow: 1, py: 1 }}>{item.message}</Box>
      <IconButton aria-label="Close" size="small" color="inherit" onClick={() => onDismiss(item.id)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** Toasts: at most 3 on screen at once (spec §9); the oldest gives way to a new one. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Notification[]>([]);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((n) => n.id !== id)), []);
  const notify = useCallback<Notify>((message, options = {}) => {
    const severity = options.severity ?? 'info';
    const item = {
      id: nextId++,
      message,
      severity,
      durationMs: options.durationMs ?? defaultDuration(severity),
    };
    setItems((list) => [...list, item].slice(-LIMITS.maxNotifications));
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Box
        component="section"
        aria-label="Notifications"
        sx={{
          position: 'fixed',
          bottom: 24,
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: 'snackbar',
          width: 'min(92vw, 480px)',
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          pointerEvents: 'none',
        }}
      >
        {items.map((item) => (
          <Toast key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </Box>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
