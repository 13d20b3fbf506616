import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { CacheProvider } from '@emotion/react';
import '@fontsource-variable/inter';
import '@fontsource/bebas-neue/400.css';
import './theme/fonts.css';
import { AppProviders } from './app/providers';
import { AppRoutes, loadRouteModules } from './app/router';
import { browserCache } from './lib/emotion-cache';

const container = document.getElementById('root')!;
const emotionCache = browserCache();

function app() {
  return (
    <StrictMode>
      <CacheProvider value={emotionCache}>
        <AppProviders>
          <BrowserRouter>
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
  void hydrate();
} else {
  createRoot(container).render(app());
}
