import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { Providers } from '../components/providers';

/** The app's providers; the server's page renderer passes a client of its own per page. */
export function AppProviders({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return <Providers queryClient={client}>{children}</Providers>;
}
