import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { Providers } from '../components/providers';

export function AppProviders({ children }: { children: ReactNode }) {
  return <Providers queryClient={queryClient}>{children}</Providers>;
}
