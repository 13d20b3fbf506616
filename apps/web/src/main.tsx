import { startTransition, StrictMode, useEffect, useRef } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router';
import { CacheProvider } from '@emotion/react';
import '@fontsource-variable/inter';
import '@fontsource/bebas-neue/400.css';
import './theme/fonts.css';
import { AppProviders } from './app/providers';
import { AppRoutes, loadRouteModules } from './app/router';
import { browserCache } from './lib/emotion-cache';
import { adoptPageData, markArrived } from './lib/page-data';
import { queryClient } from './lib/query-client';

const container = document.getElementById('root')!;
const emotionCache = browserCache();

/** The page that arrived as HTML is left at the first navigation: later pages are the browser's own. */
function ArrivalEnd() {
  const { key } = useLocation();
  const arrivedAt = useRef(key);
  useEffect(() => {
    if (key !== arrivedAt.current) markArrived();
  }, [key]);
  return null;
}

/**
 * Marks the document once the app has rendered (a prerendered page: hydrated), so a script can
 * tell a page that looks ready from one that answers clicks: the browser tests wait for it.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

function app() {
  return (
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <AppProviders>
          <BrowserRouter>
            <ArrivalEnd />
            <AppReady />
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </CacheProvider>
    </StrictMode>
  );
}

/** Ends the current task, so the browser can paint and handle input before the next step. */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// Public pages arrive prerendered (apps/web/build/prerender.ts): their markup is hydrated once the
// page's own module is loaded. Each step runs in a task of its own, and hydrating inside a
// transition lets React yield to the browser between components, so no step blocks the main
// thread for long.
async function hydrate() {
  await yieldToMain();
  // If a module fails to load, the page's lazy route tries again and shows the error page.
  await loadRouteModules(window.location.pathname).catch(() => undefined);
  await yieldToMain();
  startTransition(() => {
    hydrateRoot(container, app());
  });
}

if (container.dataset.prerendered !== undefined) {
  // A live page's data (the server rendered the page with it): the first render uses it too.
  adoptPageData(queryClient);
  void hydrate();
} else {
  markArrived();
  createRoot(container).render(app());
}
