import type { ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
// The plain theme provider: Material's own also carries the CSS-variables provider, which this
// theme (no cssVariables, one colour scheme) never uses, into every page's entry chunk.
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { theme } from '../theme';
import { NotificationsProvider } from './notifications';

/**
 * What every screen stands in: the theme, server state and notifications. The app
 * (app/providers.tsx) and the tests (testing/render.tsx) use this one tree, each with its own
 * QueryClient, so a test renders a screen the way the app does.
 */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>{children}</NotificationsProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
