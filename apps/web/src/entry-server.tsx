// Build-time rendering of the public pages (apps/web/build/prerender.ts). Never shipped to browsers.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProviders } from './app/providers';
import { AppRoutes, loadRouteModules, routeModules, routes } from './app/router';
import { prerenderedStyleTags, serverCache } from './lib/emotion-cache';
import { paths } from './config/paths';
import { PageTitleSink, pageTitle } from './lib/page-title';
import { videoListUrl } from './features/videos/api/get-videos';

/**
 * The pages written to HTML at build time. Their content needs no data, or shows its loading state
 * until the client has fetched it; pages that depend on the session or a secret in the URL are
 * left to the client. `/contests/:contestId` is the detail page's loading shell, the same for every
 * contest.
 */
export const PRERENDERED_PATHS = [
  paths.home,
  paths.howItWorks,
  paths.hbadaSynergy,
  paths.about,
  paths.faq,
  paths.terms,
  paths.contact,
  paths.privacy,
  paths.rules,
  paths.agreement,
  paths.library,
  paths.videoList,
  paths.contests,
  paths.contest(),
];

/**
 * The API answers a prerendered page shows in its first screen: its HTML preloads them, so the
 * request starts with the page's scripts instead of after them (the library's first videos are its
 * largest paint). The page's own fetch takes the preloaded answer: same URL, no credentials.
 */
export const PRERENDERED_DATA: Partial<Record<string, string[]>> = {
  [paths.library]: [videoListUrl(1)],
  [paths.videoList]: [videoListUrl(1)],
};

/** The route paths of the app (for the server to tell a prerendered pattern from a sibling route). */
export const ROUTE_PATHS = routes
  .flatMap((route) => (route.children ?? []).map((child) => child.path ?? ''))
  .filter(Boolean);

export interface RenderedPage {
  /** The markup of `<div id="root">`. */
  html: string;
  /** The style tags with exactly the CSS that markup uses. */
  styleTags: string;
  /** The matched page modules ('./routes/marketing/home.tsx', relative to src/app). */
  modules: string[];
  /** The document title the page sets (usePageTitle), for the HTML's `<title>`. */
  title: string;
}

/** Renders `url` as the browser's first render would (logged out, no data yet). */
export async function render(url: string): Promise<RenderedPage> {
  // The matched pages' code first, as the browser loads it before hydrating: the same tree renders.
  await loadRouteModules(url);
  const cache = serverCache();
  const emotion = createEmotionServer(cache);
  const errors: unknown[] = [];
  let title = pageTitle();
  const { prelude } = await prerender(
    <StrictMode>
      <PageTitleSink.Provider value={(pageTitleText) => (title = pageTitleText)}>
        <CacheProvider value={cache}>
          <AppProviders>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </CacheProvider>
      </PageTitleSink.Provider>
    </StrictMode>,
    {
      // React would leave a failed part to the client; a page that cannot render here is a bug.
      onError: (error) => void errors.push(error),
      // One document in order: no large part moved to the end behind an inline script (the CSP
      // allows no inline scripts, and there is no stream to show progress on).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  if (errors.length > 0) throw new Error(`${url} failed to render`, { cause: errors[0] });
  const html = await new Response(prelude).text();
  return {
    html,
    styleTags: prerenderedStyleTags(emotion.extractCriticalToChunks(html)),
    modules: routeModules(url),
    title,
  };
}
