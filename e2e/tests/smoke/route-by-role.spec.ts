import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { demoPasswords, signIn } from '../../support/accounts';
import { seriousAxeViolations } from '../../support/axe';
import { PUBLIC_PAGES } from '../../support/public-pages';
import { apiRequests, requestTracker } from '../../support/requests';
import { E2E_BASE_URL, E2E_PORT, E2E_WEB_DIST } from '../../support/env';

/**
 * Every route of the web app, as every kind of visitor, on the demo world, at 1366 and 360 px
 * (issue 26). The routes come from the built app's own list (the prerender manifest lists every
 * route pattern of apps/web/src/app/router.tsx), so a new route joins this suite by itself: it
 * fails until PARAMS says which demo ids its parameters take.
 */

const SCREENSHOTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  `../../artifacts/smoke-${E2E_PORT}`,
);
mkdirSync(SCREENSHOTS, { recursive: true });

type Actor = 'visitor' | 'creator' | 'selected' | 'brand' | 'otherBrand' | 'staff';
const ACTORS: Actor[] = ['visitor', 'creator', 'selected', 'brand', 'otherBrand', 'staff'];
/**
 * Actors with the role of another actor: the pages that are the same for everyone but the header
 * (`sharedPages`) show them the header of that actor's role, which that actor's walk checks; they
 * walk the pages whose content is theirs (entries, contests, their "not yours" answers).
 */
const SAME_ROLE_AS: Partial<Record<Actor, Actor>> = { selected: 'creator', otherBrand: 'brand' };
/** The demo accounts playing each actor (DATA_DIR/demo-accounts.txt has their passwords). */
const ACCOUNT: Record<Exclude<Actor, 'visitor'>, string> = {
  creator: 'sam@demo.example.com',
  selected: 'noor@demo.example.com',
  brand: 'hbada@demo.example.com',
  otherBrand: 'lumora@demo.example.com',
  staff: 'staff@demo.example.com',
};

/** Ids of the demo world, looked up through the API once. */
interface DemoIds {
  contest: number;
  finishedContest: number;
  entry: number;
  finishedEntry: number;
  video: number;
  brand: number;
  /** The Lumora winner's licence (issued at its first read, here by its creator). */
  licence: string;
}

/** Each route pattern's concrete path(s) on the demo world. */
const PARAMS: Record<string, (ids: DemoIds) => string[]> = {
  '/brand/:id': (ids) => [`/brand/${ids.brand}`],
  '/verify-email/:uid/:token': () => ['/verify-email/MQ/not-a-token'],
  '/reset-password/:uidb64/:token': () => ['/reset-password/MQ/not-a-token'],
  '/invitations/:token': () => ['/invitations/not-a-token'],
  '/unsubscribe/:token': () => ['/unsubscribe/not-a-token'],
  '/video/:id': (ids) => [`/video/${ids.video}`],
  '/videos/:id': (ids) => [`/videos/${ids.video}`],
  '/contests/:contestId/edit': (ids) => [`/contests/${ids.contest}/edit`],
  '/contests/:contestId/applications': (ids) => [`/contests/${ids.contest}/applications`],
  '/contests/:contestId': (ids) => [`/contests/${ids.contest}`, `/contests/${ids.finishedContest}`],
  '/contests/:contestId/apply': (ids) => [`/contests/${ids.contest}/apply`],
  '/contests/:contestId/vote': (ids) => [`/contests/${ids.finishedContest}/vote`],
  '/contests/:contestId/audience': (ids) => [`/contests/${ids.finishedContest}/audience`],
  '/contests/:contestId/submit': (ids) => [`/contests/${ids.contest}/submit`],
  '/contests/:contestId/submissions': (ids) => [`/contests/${ids.contest}/submissions`],
  '/contests/:contestId/judging': (ids) => [
    `/contests/${ids.contest}/judging`,
    `/contests/${ids.finishedContest}/judging`,
  ],
  '/contests/:contestId/insights': (ids) => [
    `/contests/${ids.contest}/insights`,
    `/contests/${ids.finishedContest}/insights`,
  ],
  '/entries/:entryId/scorecard': (ids) => [`/entries/${ids.finishedEntry}/scorecard`],
  '/entries/:entryId': (ids) => [`/entries/${ids.entry}`],
  // The Lumora contest's winner (its results are published): its delivery.
  '/entries/:entryId/delivery': (ids) => [`/entries/${ids.finishedEntry}/delivery`],
  // Its licence's public check, and an id no licence has.
  '/licences/:licenceId': (ids) => [`/licences/${ids.licence}`, '/licences/lic_unknown'],
};

/**
 * API answers of 4xx a page expects for an actor (anything else of 4xx fails): the route pattern
 * or '*', the actors, the API path and the status.
 */
const EXPECTED_4XX: {
  route: string;
  actors: Actor[] | '*';
  api: RegExp | ((ids: DemoIds) => RegExp);
  status: number;
}[] = [
  // The chair contest has no audience award (issue 50): its page asks, and shows no gallery link.
  {
    route: '/contests/:contestId',
    actors: '*',
    api: (ids) => new RegExp(`^/api/contests/${ids.contest}/audience/$`),
    status: 404,
  },
  // Another brand's contest: "Only the contest's judges (its brand and the platform team) can score its entries."
  {
    route: '/contests/:contestId/judging',
    actors: ['brand'],
    api: (ids) => new RegExp(`^/api/contests/${ids.finishedContest}/scores/$`),
    status: 403,
  },
  {
    route: '/contests/:contestId/judging',
    actors: ['otherBrand'],
    api: (ids) => new RegExp(`^/api/contests/${ids.contest}/scores/$`),
    status: 403,
  },
  // Another brand's contest team pages: "This contest does not exist or is not yours to edit.",
  // "This contest is not yours: …", "Only the contest team and the brand of this contest review…".
  {
    route: '/contests/:contestId/edit',
    actors: ['otherBrand'],
    api: (ids) => new RegExp(`^/api/contests/${ids.contest}/stock/$`),
    status: 403,
  },
  {
    route: '/contests/:contestId/applications',
    actors: ['otherBrand'],
    api: (ids) => new RegExp(`^/api/contests/${ids.contest}/(stock|applications)/$`),
    status: 403,
  },
  {
    route: '/contests/:contestId/submissions',
    actors: ['otherBrand'],
    api: (ids) => new RegExp(`^/api/contests/${ids.contest}/entries/$`),
    status: 403,
  },
  // Another brand's contest insights: the contest is not theirs, so it does not exist for them.
  {
    route: '/contests/:contestId/insights',
    actors: ['brand'],
    api: (ids) => new RegExp(`^/api/brand/contests/${ids.finishedContest}/insights/$`),
    status: 404,
  },
  {
    route: '/contests/:contestId/insights',
    actors: ['otherBrand'],
    api: (ids) => new RegExp(`^/api/brand/contests/${ids.contest}/insights/$`),
    status: 404,
  },
  // Made-up links: the pages say the link is not valid.
  // A licence id no licence has: the verify page says so.
  {
    route: '/licences/:licenceId',
    actors: '*',
    api: /^\/api\/licences\/lic_unknown\/verify\/$/,
    status: 404,
  },
  {
    route: '/verify-email/:uid/:token',
    actors: '*',
    api: /^\/api\/accounts\/auth\/verify_email\//,
    status: 400,
  },
  { route: '/invitations/:token', actors: '*', api: /^\/api\/accounts\/invitations\//, status: 404 },
  // Someone else's entry: "There is no entry here, or it is not yours to see."
  {
    route: '/entries/:entryId',
    actors: ['creator', 'otherBrand'],
    api: /^\/api\/entries\/\d+\/$/,
    status: 404,
  },
  // Another brand's winning entry: "A delivery exists only for a winning entry…" is not shown;
  // the entry is not theirs to see.
  {
    route: '/entries/:entryId/delivery',
    actors: ['brand'],
    api: /^\/api\/entries\/\d+\/delivery\/$/,
    status: 404,
  },
  // Someone else's scorecard: "Only the entrant can read this scorecard."
  {
    route: '/entries/:entryId/scorecard',
    actors: ['creator'],
    api: /^\/api\/entries\/\d+\/scorecard\/$/,
    status: 403,
  },
];

/**
 * The routes of the built app (the prerender manifest lists every route pattern), and its pages
 * that are the same for everyone but the header (those prerendered without parameters).
 */
function appRoutes(): { routes: string[]; sharedPages: Set<string> } {
  const manifest = JSON.parse(
    readFileSync(path.join(E2E_WEB_DIST, 'prerendered', 'manifest.json'), 'utf8'),
  ) as { routes: string[]; pages: { path: string }[] | string[] };
  const pages = manifest.pages.map((p) => (typeof p === 'string' ? p : p.path));
  return {
    routes: manifest.routes,
    sharedPages: new Set(pages.filter((p) => p !== '/' && !p.includes(':'))),
  };
}

async function api<T>(url: string, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${E2E_BASE_URL}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${E2E_BASE_URL}/api/accounts/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`demo login of ${email} failed: ${res.status}`);
  return ((await res.json()) as { access: string }).access;
}

/**
 * Waits for the demo world the first start seeds in the background (its entries need clips made
 * with ffmpeg), then reads the ids the routes need.
 */
async function demoIds(passwords: Map<string, string>): Promise<DemoIds> {
  const staff = await login(ACCOUNT.staff, passwords.get(ACCOUNT.staff)!);
  const deadline = Date.now() + 8 * 60_000;
  for (;;) {
    const ranking = await api<{ entries: { judges: number }[] }>('/api/contests/1/ranking/', staff);
    if (ranking.body?.entries.some((e) => e.judges === 2)) break;
    if (Date.now() > deadline) throw new Error('the demo world was not complete after 8 minutes');
    // The seed works in the server's background; nothing to wait on but its result.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const noor = await login(ACCOUNT.selected, passwords.get(ACCOUNT.selected)!);
  const finished = await api<{ id: number; brand: { id: number } }>(
    '/api/contests/lumora-night-light-contest/',
  );
  const chair = await api<{ id: number; brand: { id: number } }>('/api/contests/1/');
  const entry = await api<{ id: number }>(`/api/contests/${chair.body.id}/entries/mine/`, noor);
  const finishedEntry = await api<{ id: number }>(`/api/contests/${finished.body.id}/entries/mine/`, noor);
  const videos = await api<{ results: { id: number }[] }>('/api/videos/videos/?is_approved=true');
  const licence = await api<{ id: string }>(`/api/entries/${finishedEntry.body.id}/licence/`, noor);
  return {
    contest: chair.body.id,
    finishedContest: finished.body.id,
    entry: entry.body.id,
    finishedEntry: finishedEntry.body.id,
    video: videos.body.results[0]!.id,
    brand: chair.body.brand.id,
    licence: licence.body.id,
  };
}

/** The pages a11y-and-screenshots.spec.ts checks with axe and screenshots for a visitor. */
const A11Y_CHECKED = new Set(PUBLIC_PAGES.map(([, url]) => url));

/**
 * Until `ready` holds in the page, checked there on every frame: an `expect` retries after 20, 50
 * and 100 ms and then every 500 ms, so a page ready after 300 ms was waited on up to 500 ms more,
 * on each of the suite's 300 visits.
 */
async function untilInPage(page: Page, what: string, ready: () => boolean) {
  await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 10_000 }).catch((error: Error) => {
    throw new Error(`${what}: ${error.message.split('\n')[0]}`);
  });
}

const VALIDATOR_TEXT = /Invalid option|\bexpected\b|at Object\./;

interface Visit {
  route: string;
  url: string;
}

/** Milliseconds spent per step, summed over the actor's pages (printed at the end). */
type Timings = Record<string, number>;
async function timed<T>(timings: Timings, step: string, work: () => Promise<T>): Promise<T> {
  const start = Date.now();
  try {
    return await work();
  } finally {
    timings[step] = (timings[step] ?? 0) + Date.now() - start;
  }
}

/**
 * What is wrong on the page at its present width, as lines for the report: its title, validator
 * or stack text, and at 360 px horizontal overflow, serious or critical axe findings (once per
 * page: the narrow layout, with the menu button, is the one with more to get wrong) and a
 * full-page screenshot kept as an artifact (once per distinct page text).
 */
async function checkPage(
  page: Page,
  actor: Actor,
  visit: Visit,
  width: number,
  timings: Timings,
  deep: boolean,
  checked: Set<string>,
) {
  const problems: string[] = [];
  const { titles, text, scrollWidth } = await page.evaluate(() => ({
    titles: Array.from(document.head.querySelectorAll('title'), (t) => t.textContent ?? ''),
    text: document.body.innerText,
    scrollWidth: document.documentElement.scrollWidth,
  }));
  if (titles.length !== 1 || !titles[0]!.trim()) problems.push(`title: ${JSON.stringify(titles)}`);
  const validator = text.match(VALIDATOR_TEXT);
  if (validator) problems.push(`validator or stack text: "${validator[0]}"`);
  if (width === 360 && scrollWidth > width) {
    // A layout settling after the resize (a player's controls, a menu closing) gets a moment to
    // fit; one that stays wider is a defect, named by its widest element.
    const fits = await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 })
      .toBeLessThanOrEqual(width)
      .then(() => true)
      .catch(() => false);
    if (!fits) {
      const widest = await page.evaluate(() => {
        let found = { tag: '', right: 0 };
        for (const element of Array.from(document.body.querySelectorAll('*'))) {
          const right = element.getBoundingClientRect().right;
          if (right > found.right)
            found = { tag: `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80), right };
        }
        return found;
      });
      problems.push(`horizontal overflow: ${scrollWidth} px wide (${widest.tag} ends at ${widest.right} px)`);
    }
  }
  // A page this actor already saw with the same text (a visitor sent to sign in, a role's
  // "not for you" page) is the same page: its axe findings and screenshot are already taken.
  // A visitor's public page is checked by a11y-and-screenshots.spec.ts at this width (axe with
  // best practices too, and a full-page screenshot): not again here.
  const publicPage = actor === 'visitor' && A11Y_CHECKED.has(new URL(page.url()).pathname);
  if (width === 360 && deep && !publicPage && !checked.has(text)) {
    checked.add(text);
    const axe = await timed(timings, 'axe', () => seriousAxeViolations(page));
    problems.push(...axe.map((line) => `axe ${line}`));
    const name = `${actor}-${visit.url.replace(/[^a-z0-9]+/gi, '-')}-360.png`.replace(/-+/g, '-');
    await timed(timings, 'screenshot', () =>
      page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true, animations: 'disabled' }),
    );
  }
  return problems.map((p) => `${visit.url} as ${actor} at ${width} px: ${p}`);
}

const { routes, sharedPages } = appRoutes();
const passwords = (() => {
  try {
    return demoPasswords();
  } catch {
    return new Map<string, string>();
  }
})();

test.describe.configure({ mode: 'parallel', timeout: 15 * 60_000 });

test('every route with parameters has demo values in the smoke suite', () => {
  const missing = routes.filter((route) => route.includes(':') && !PARAMS[route]);
  expect(missing, 'routes with parameters but no values in PARAMS').toEqual([]);
});

for (const actor of ACTORS) {
  test(`every route as ${actor}, at 1366 and 360 px`, async ({ page }) => {
    const ids = await demoIds(passwords);
    const visits: Visit[] = routes
      .filter((route) => route !== '*' && (!route.includes(':') || PARAMS[route]))
      .filter((route) => !(SAME_ROLE_AS[actor] && sharedPages.has(route)))
      .flatMap((route) => (PARAMS[route]?.(ids) ?? [route]).map((url) => ({ route, url })))
      // Signing out ends the session: last.
      .sort((a, b) => Number(a.route === '/logout') - Number(b.route === '/logout'));
    if (actor !== 'visitor') {
      const email = ACCOUNT[actor];
      await signIn(page, { email, password: passwords.get(email)! });
    }
    // Third-party scripts (Google's sign-in button) fail at once: the browser resolves no other
    // host (playwright.config.ts), and no request is intercepted, which would pause every one.
    const origin = new URL(E2E_BASE_URL).origin;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const tracker = requestTracker(page, apiRequests);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const where = message.location().url;
      // A refused third-party resource is the test machine's, not the page's.
      if (where && new URL(where).origin !== origin) return;
      consoleErrors.push(`${message.text()} (${where})`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));

    const timings: Timings = {};
    const checked = new Set<string>();
    const started = Date.now();
    const problems: string[] = [];
    const perPage: [string, number][] = [];
    for (const visit of visits) {
      const pageStarted = Date.now();
      tracker.reset();
      consoleErrors.length = 0;
      await page.setViewportSize({ width: 1366, height: 900 });
      await timed(timings, 'load', () => page.goto(visit.url, { waitUntil: 'load' }));
      await timed(timings, 'settle', async () => {
        await untilInPage(page, `${visit.url} as ${actor}: a visible h1`, () =>
          Array.from(document.querySelectorAll('h1, [role="heading"][aria-level="1"]')).some((h1) => {
            const box = h1.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && h1.checkVisibility({ visibilityProperty: true });
          }),
        );
        await tracker.settle();
        await untilInPage(
          page,
          `${visit.url} as ${actor}: nothing left aria-busy`,
          () => !document.querySelector('[aria-busy="true"]'),
        );
      });
      const expected = EXPECTED_4XX.filter(
        (e) => (e.route === visit.route || e.route === '*') && (e.actors === '*' || e.actors.includes(actor)),
      );
      const isExpected = (a: { url: string; status: number }) =>
        expected.some(
          (e) =>
            e.status === a.status &&
            (typeof e.api === 'function' ? e.api(ids) : e.api).test(new URL(a.url).pathname),
        );
      const found = tracker.answers
        .filter((a) => a.status >= 500 || (a.status >= 400 && !isExpected(a)))
        .map(
          (a) =>
            `${visit.url} as ${actor}: /api/ answered ${a.status}: ${new URL(a.url).pathname}${new URL(a.url).search}`,
        );
      // Axe and the screenshot of a page that is the same for everyone but the header run for the
      // visitor only; each signed-in header is checked on that actor's other pages.
      const deep = actor === 'visitor' || !sharedPages.has(visit.route);
      found.push(...(await checkPage(page, actor, visit, 1366, timings, deep, checked)));
      await page.setViewportSize({ width: 360, height: 740 });
      await timed(timings, 'settle', () => tracker.settle(1));
      found.push(...(await checkPage(page, actor, visit, 360, timings, deep, checked)));
      found.push(
        ...consoleErrors
          // The browser logs every 4xx it loads; those the page expects are not errors of the page.
          .filter((line) => !tracker.answers.some((a) => isExpected(a) && line.includes(a.url)))
          .map((line) => `${visit.url} as ${actor}: console error: ${line}`),
      );
      problems.push(...found);
      perPage.push([visit.url, Date.now() - pageStarted]);
    }
    const total = Date.now() - started;
    console.log(
      `smoke as ${actor}: ${visits.length} pages in ${Math.round(total / 1000)} s (${Object.entries(timings)
        .map(([step, ms]) => `${step} ${Math.round(ms / 1000)} s`)
        .join(', ')}); slowest: ${perPage
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([url, ms]) => `${url} ${(ms / 1000).toFixed(1)} s`)
        .join(', ')}`,
    );
    expect(problems).toEqual([]);
  });
}
