import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { CacheProvider } from '@emotion/react';
import '@fontsource-variable/inter';
import '@fontsource/bebas-neue/400.css';
import { AppProviders } from './app/providers';
import { loadRouteModules, routes } from './app/router';
import { browserCache } from './lib/emotion-cache';

const container = document.getElementById('root')!;
const emotionCache = browserCache();

function app(router: ReturnType<typeof createBrowserRouter>) {
  return (
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </CacheProvider>
    </StrictMode>
  );
}

// Public pages arrive prerendered (apps/web/build/prerender.ts): their markup is hydrated once the
// page's own module is loaded. Hydrating inside a transition lets React yield to the browser
// between components instead of blocking the main thread for the whole page.
if (container.dataset.prerendered !== undefined) {
  // If a module fails to load, the router retries it and shows its error page as usual.
  void loadRouteModules(window.location.pathname)
    .catch(() => undefined)
    .then(() => {
      const router = createBrowserRouter(routes);
      startTransition(() => {
        hydrateRoot(container, app(router));
      });
    });
} else {
  createRoot(container).render(app(createBrowserRouter(routes)));
}
