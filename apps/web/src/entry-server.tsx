// Rendering of the public pages for Node: at build time (apps/web/build/prerender.ts) and, for the
// pages with data, by the server on each request (apps/server/src/plugins/live-pages.ts). Never
// shipped to browsers.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProviders } from './app/providers';
import { AppRoutes, loadRouteModules, routeModules, routes } from './app/router';
import { prerenderedStyleTags, serverCache } from './lib/emotion-cache';
import { paths } from './config/paths';
import { PageTitleSink, pageTitle } from './lib/page-title';
import { videoListQueryOptions, videoListUrl } from './features/videos/api/get-videos';
import { createQueryClient } from './lib/query-client';
import { setApiTransport } from './lib/api-client';
import { PAGE_DATA_ID } from './lib/page-data';
import { publicConfigQueryOptions } from './lib/public-config';
import { recentWinnersQueryOptions } from './features/marketing/api/get-recent-winners';
import { featuredContestQuery } from './features/marketing/api/get-featured-contest';
import { contestQueryOptions } from './features/contests/api/get-contest';
import { contestProductsQueryOptions } from './features/contests/api/get-contest-products';
import { contestResultsQueryOptions } from './features/judging/api/get-contest-results';
import { contestRoundsQueryOptions } from './lib/contest-rounds';
import { audienceQueryOptions, audienceTallyQueryOptions } from './features/audience/api/audience';

export { setApiTransport };

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
  paths.licenceVerify(),
  paths.contestVote(),
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

type PageData = (client: QueryClient, params: Record<string, string | undefined>) => Promise<unknown>;

const featuredContest: PageData = (client) => client.prefetchQuery(featuredContestQuery);
const videoList: PageData = (client) => client.prefetchInfiniteQuery(videoListQueryOptions());

/**
 * The prerendered pages whose first screen shows API data: the server renders them again on each
 * request with that data (apps/server/src/plugins/live-pages.ts), signed out, so the content (the
 * largest paint) is in the HTML and hydrates without a second render when the answers arrive. Each
 * entry fetches, through the page's own queries, what the page shows when it opens; an answer that
 * fails is left out (the page fetches it itself, as a page without this does).
 */
export const LIVE_PAGE_DATA: Partial<Record<string, PageData>> = {
  [paths.home]: (client) =>
    Promise.all([
      client.prefetchQuery(recentWinnersQueryOptions()),
      client.prefetchQuery(publicConfigQueryOptions()),
    ]),
  [paths.hbadaSynergy]: featuredContest,
  [paths.terms]: featuredContest,
  [paths.privacy]: featuredContest,
  [paths.rules]: featuredContest,
  [paths.agreement]: featuredContest,
  [paths.library]: videoList,
  [paths.videoList]: videoList,
  [paths.contest()]: async (client, { contestId = '' }) => {
    const contest = await client.fetchQuery(contestQueryOptions(contestId)).catch(() => null);
    if (!contest) return;
    await Promise.all([
      client.prefetchQuery(contestProductsQueryOptions(String(contest.id))),
      client.prefetchQuery(contestResultsQueryOptions(contest.id)),
      client.prefetchQuery(contestRoundsQueryOptions(contest.id)),
    ]);
  },
  [paths.contestVote()]: async (client, { contestId = '' }) => {
    const contest = await client.fetchQuery(contestQueryOptions(contestId)).catch(() => null);
    if (!contest) return;
    const audience = await client.fetchQuery(audienceQueryOptions(contest.id)).catch(() => null);
    if (audience?.status === 'closed') await client.prefetchQuery(audienceTallyQueryOptions(contest.id));
  },
};

/** The first screen's data of `pathname`'s live page (null when it is not one): the queries' state. */
export async function loadPageData(pageRoute: string, pathname: string): Promise<DehydratedState | null> {
  const load = LIVE_PAGE_DATA[pageRoute];
  const match = matchPath(pageRoute, pathname);
  if (!load || !match) return null;
  const client = createQueryClient();
  await load(client, match.params);
  return dehydrate(client);
}

/** The marks in a live page's template (written by the build) that its render fills in. */
export const TEMPLATE_MARKS = {
  title: '<!--app-title-->',
  head: '<!--app-head-->',
  html: '<!--app-html-->',
  data: '<!--app-data-->',
} as const;

/** `<script>`-safe JSON: no `</script>` or HTML comment can end or change the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * A live page's document: its template with the page rendered from `state`, the page's styles
 * and title, its banner poster fetched first, and the state for the browser's queries (read
 * before hydrating: src/lib/page-data.ts). A data block, not a script: the CSP runs none inline.
 */
export async function renderLivePage(url: string, template: string, state: DehydratedState): Promise<string> {
  const client = createQueryClient();
  hydrate(client, state);
  const page = await render(url, client);
  return fillTemplate(
    template,
    page,
    `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(state)}</script>`,
  );
}

/** Puts a rendered page into a template's marks (the build's static pages use it too). */
export function fillTemplate(template: string, page: RenderedPage, data = ''): string {
  const fill: Record<string, string> = {
    [TEMPLATE_MARKS.title]: escapeHtml(page.title),
    [TEMPLATE_MARKS.head]: firstPosterPreload(page.html) + openGraphTags(page) + page.styleTags,
    [TEMPLATE_MARKS.html]: page.html,
    [TEMPLATE_MARKS.data]: data,
  };
  return template.replace(/<!--app-(title|head|html|data)-->/g, (mark) => fill[mark] ?? '');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Open Graph tags for share previews: the page's title, and its picture when the page marks one
 * (`data-og-image`, e.g. the audience gallery's first finalist) or has a first poster.
 */
function openGraphTags(page: RenderedPage): string {
  const image =
    /\bdata-og-image="([^"]+)"/.exec(page.html)?.[1] ??
    /<video\b[^>]*\bdata-first-poster\b[^>]*\bposter="([^"]+)"/i.exec(page.html)?.[1];
  const title = escapeHtml(page.title);
  return (
    `<meta property="og:type" content="website"><meta property="og:title" content="${title}">` +
    (image ? `<meta property="og:image" content="${image}">` : '')
  );
}

/**
 * The poster of the video marked `data-first-poster` (a banner, the library's first card) is the
 * page's largest paint: fetched first, not after the scripts (a video's poster is otherwise found
 * late, at low priority).
 */
function firstPosterPreload(html: string): string {
  const video = /<video\b[^>]*\bdata-first-poster\b[^>]*>/i.exec(html)?.[0];
  const poster = video && /\bposter="([^"]+)"/.exec(video)?.[1];
  return poster ? `<link rel="preload" as="image" fetchpriority="high" href="${poster}">` : '';
}

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

/**
 * Renders `url` as the browser's first render would: signed out, with the data in `client` (none
 * at build time: the page's loading state).
 */
export async function render(url: string, client?: QueryClient): Promise<RenderedPage> {
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
          <AppProviders client={client ?? createQueryClient()}>
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
