import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../support/accounts';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, E2E_WEB_DIST } from '../../support/env';

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
}

/** Each route pattern's concrete path(s) on the demo world. */
const PARAMS: Record<string, (ids: DemoIds) => string[]> = {
  '/brand/:id': (ids) => [`/brand/${ids.brand}`],
  '/verify-email/:uid/:token': () => ['/verify-email/MQ/not-a-token'],
  '/reset-password/:uidb64/:token': () => ['/reset-password/MQ/not-a-token'],
  '/invitations/:token': () => ['/invitations/not-a-token'],
  '/video/:id': (ids) => [`/video/${ids.video}`],
  '/videos/:id': (ids) => [`/videos/${ids.video}`],
  '/contests/:contestId/edit': (ids) => [`/contests/${ids.contest}/edit`],
  '/contests/:contestId/applications': (ids) => [`/contests/${ids.contest}/applications`],
  '/contests/:contestId': (ids) => [`/contests/${ids.contest}`, `/contests/${ids.finishedContest}`],
  '/contests/:contestId/apply': (ids) => [`/contests/${ids.contest}/apply`],
  '/contests/:contestId/submit': (ids) => [`/contests/${ids.contest}/submit`],
  '/contests/:contestId/submissions': (ids) => [`/contests/${ids.contest}/submissions`],
  '/contests/:contestId/judging': (ids) => [
    `/contests/${ids.contest}/judging`,
    `/contests/${ids.finishedContest}/judging`,
  ],
  '/entries/:entryId/scorecard': (ids) => [`/entries/${ids.finishedEntry}/scorecard`],
  '/entries/:entryId': (ids) => [`/entries/${ids.entry}`],
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
  // Made-up links: the pages say the link is not valid.
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

/** The demo accounts' passwords, from the accounts file the first start wrote. */
function demoPasswords(): Map<string, string> {
  const text = readFileSync(path.join(E2E_DATA_DIR, 'demo-accounts.txt'), 'utf8');
  const found = new Map<string, string>();
  for (const match of text.matchAll(/^\S+\s+(\S+@\S+)\s{2}(\S+)$/gm)) found.set(match[1]!, match[2]!);
  return found;
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
  return {
    contest: chair.body.id,
    finishedContest: finished.body.id,
    entry: entry.body.id,
    finishedEntry: finishedEntry.body.id,
    video: videos.body.results[0]!.id,
    brand: chair.body.brand.id,
  };
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
  if (width === 360 && deep && !checked.has(text)) {
    checked.add(text);
    const axe = await timed(timings, 'axe', () =>
      new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze(),
    );
    for (const v of axe.violations)
      if (v.impact === 'serious' || v.impact === 'critical')
        problems.push(`axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    const name = `${actor}-${visit.url.replace(/[^a-z0-9]+/gi, '-')}-360.png`.replace(/-+/g, '-');
    await timed(timings, 'screenshot', () =>
      page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true, animations: 'disabled' }),
    );
  }
  return problems.map((p) => `${visit.url} as ${actor} at ${width} px: ${p}`);
}

/** Tracks the page's /api/ requests: resolves once none is in flight. */
function apiTracker(page: Page) {
  let inFlight = 0;
  let idle: (() => void)[] = [];
  const answers: { url: string; status: number }[] = [];
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
  };
  page.on('request', (request) => {
    if (isApi(request.url())) inFlight += 1;
  });
  page.on('requestfinished', (request) => {
    if (!isApi(request.url())) return;
    void request.response().then((response) => {
      if (response) answers.push({ url: request.url(), status: response.status() });
      done();
    });
  });
  page.on('requestfailed', (request) => {
    if (isApi(request.url())) done();
  });
  return {
    answers,
    reset() {
      answers.length = 0;
    },
    /** Until no /api/ request is in flight, twice a frame apart (queries that start others). */
    async settle(rounds = 2) {
      for (let round = 0; round < rounds; round++) {
        if (inFlight > 0) await new Promise<void>((resolve) => idle.push(resolve));
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
        );
      }
    },
    clear() {
      idle = [];
    },
  };
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
      .flatMap((route) => (PARAMS[route]?.(ids) ?? [route]).map((url) => ({ route, url })))
      // Signing out ends the session: last.
      .sort((a, b) => Number(a.route === '/logout') - Number(b.route === '/logout'));
    if (actor !== 'visitor') {
      const email = ACCOUNT[actor];
      await signIn(page, { email, password: passwords.get(email)! });
    }
    // The test machine has no internet: third-party scripts (Google's sign-in button) are
    // refused at once instead of waiting for a name that does not resolve.
    const origin = new URL(E2E_BASE_URL).origin;
    await page.route(
      (url) => url.origin !== origin,
      (route) => route.abort('blockedbyclient'),
    );
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const tracker = apiTracker(page);
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
    for (const visit of visits) {
      tracker.reset();
      consoleErrors.length = 0;
      await page.setViewportSize({ width: 1366, height: 900 });
      await timed(timings, 'load', () => page.goto(visit.url, { waitUntil: 'load' }));
      await timed(timings, 'settle', async () => {
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await tracker.settle();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
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
    }
    const total = Date.now() - started;
    console.log(
      `smoke as ${actor}: ${visits.length} pages in ${Math.round(total / 1000)} s (${Object.entries(timings)
        .map(([step, ms]) => `${step} ${Math.round(ms / 1000)} s`)
        .join(', ')})`,
    );
    expect(problems).toEqual([]);
  });
}
