import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Providers } from '../components/providers';

/** A QueryClient for one test: no retries (a failure shows at once), nothing collected mid-test. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export interface RenderWithProvidersOptions {
  /** The URL the memory router starts at (default '/'). */
  path?: string;
  /** The route pattern that renders `ui` (default '*': every path). */
  route?: string;
  /** Other routes beside it, by pattern: where a redirect or a link lands (`{ '/login': <p>Login page</p> }`). */
  routes?: Record<string, ReactNode>;
  /** A client of the test's own (default: a fresh createTestQueryClient()). */
  queryClient?: QueryClient;
}

/**
 * Renders `ui` inside the app's providers (theme, QueryClient, notifications) and a memory router,
 * as the app renders a page. `rerender` keeps the same providers and router.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    route = '*',
    routes = {},
    queryClient = createTestQueryClient(),
  }: RenderWithProvidersOptions = {},
): RenderResult & { queryClient: QueryClient } {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Providers queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={children} />
            {Object.entries(routes).map(([pattern, element]) => (
              <Route key={pattern} path={pattern} element={element} />
            ))}
          </Routes>
        </MemoryRouter>
      </Providers>
    );
  }
  return Object.assign(render(ui, { wrapper: Wrapper }), { queryClient });
}
