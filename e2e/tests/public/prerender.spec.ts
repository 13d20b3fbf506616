import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { requestTracker } from '../../support/requests';

const SCREENSHOTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../artifacts/screenshots/prerender',
);
mkdirSync(SCREENSHOTS, { recursive: true });

/** Public pages the build renders to HTML, with the h1 and the title their HTML already carries. */
const PRERENDERED: [string, RegExp, string][] = [
  ['/', /Shoot the ad a brand would be proud of/, 'Cinematic Contests'],
  ['/how-it-works', /How It Works/, 'How It Works · Cinematic Contests'],
  ['/hbada-synergy', /Hbada Synergy/, 'Hbada Synergy · Cinematic Contests'],
  ['/about', /About/, 'About · Cinematic Contests'],
  ['/faq', /FAQ/, 'FAQ · Cinematic Contests'],
  ['/terms', /Terms/, 'Terms · Cinematic Contests'],
  ['/contact', /Contact/, 'Contact · Cinematic Contests'],
  ['/privacy', /Privacy Policy/, 'Privacy Policy · Cinematic Contests'],
  ['/rules', /Contest Rules/, 'Contest Rules · Cinematic Contests'],
  ['/agreement', /Participant Agreement/, 'Participant Agreement · Cinematic Contests'],
  ['/library', /Video Library/, 'Video Library · Cinematic Contests'],
  ['/videos', /Video Library/, 'Video Library · Cinematic Contests'],
  ['/contests', /Contests/, 'Contests · Cinematic Contests'],
];

/** The time a test of many pages allows each of them (a one-page test had the default 60 s). */
const PAGE_BUDGET = 20_000;

/** Collects what React reports when hydration fails (a mismatch, an error thrown while hydrating). */
function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /react|hydrat|minified/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // One page for every URL: each load is a full one (no script runs), and the second and later
  // come from a warm cache like a visitor's, instead of a fresh browser context per URL.
  test(`the ${PRERENDERED.length} prerendered pages arrive as HTML with their h1 and title`, async ({
    page,
  }) => {
    test.setTimeout(PRERENDERED.length * PAGE_BUDGET);
    for (const [url, heading, title] of PRERENDERED) {
      const response = await page.goto(url);
      expect.soft(response?.headers()['cache-control'], `${url}: cache-control`).toBe('no-cache');
      await expect.soft(page.getByRole('heading', { level: 1 }), `${url}: its h1`).toHaveText(heading);
      await expect.soft(page, `${url}: its title`).toHaveTitle(title);
    }
  });

  test('pages with data arrive with it (a contest, the library); an unknown contest arrives as its loading skeleton; pages that need the session or a secret stay the plain shell', async ({
    page,
    request,
  }) => {
    // The server renders them on each request with the signed-out API's answers.
    await page.goto('/contests/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hbada Synergy Chair Contest');
    await expect(page.getByRole('heading', { name: 'Choose your chair' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading contest' })).toHaveCount(0);
    await page.goto('/library');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.goto('/contests/999999');
    await expect(page.getByRole('status', { name: 'Loading contest' })).toBeVisible();
    for (const url of [
      '/contests/create',
      '/login',
      '/creator-dashboard',
      '/reset-password/a/b',
      '/no-such-page',
    ]) {
      const html = await (await request.get(url)).text();
      expect(html, url).toContain('<div id="root"></div>');
    }
  });

  for (const width of [360, 1366]) {
    test(`/ and /contests/1 at ${width} px: screenshots of the prerendered HTML`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
      const pages: [string, string][] = [
        ['home', '/'],
        ['contest-detail', '/contests/1'],
      ];
      for (const [name, url] of pages) {
        await page.goto(url);
        await expect(page.getByRole('banner').first()).toBeVisible();
        await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}-no-js.png`) });
      }
    });
  }
});

test.describe('with JavaScript', () => {
  test(`the ${PRERENDERED.length} prerendered pages hydrate without errors and navigate on the client`, async ({
    page,
  }) => {
    test.setTimeout(PRERENDERED.length * PAGE_BUDGET);
    const errors = watchForErrors(page);
    // Hydrated once the page's scripts and data have arrived: wait for them, not for a quiet 500 ms.
    const requests = requestTracker(page);
    for (const [url, heading] of PRERENDERED) {
      errors.length = 0;
      // A full load: the document is prerendered again and hydrated from the start.
      await page.goto(url);
      await expect.soft(page.getByRole('heading', { level: 1 }), `${url}: its h1`).toHaveText(heading);
      await requests.settle();
      // A full page load would reset this marker; a client-side navigation keeps it.
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      const link =
        url === '/library' || url === '/videos'
          ? null
          : page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'FAQ' });
      if (link) {
        await link.click();
        await expect.soft(page, `${url}: the footer's FAQ link`).toHaveURL(/\/faq$/);
        await expect.soft(page.getByRole('heading', { level: 1 }), `${url} → /faq: its h1`).toHaveText('FAQ');
        await expect.soft(page, `${url} → /faq: its title`).toHaveTitle('FAQ · Cinematic Contests');
        expect
          .soft(
            await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage),
            `${url} → /faq: navigated on the client, no full load`,
          )
          .toBe(true);
      }
      expect.soft(errors, `${url}: errors while hydrating`).toEqual([]);
    }
  });

  test('the contest page hydrates with the contest it arrived with, without asking for it again; hashed assets are cached for a year', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    const assets: string[] = [];
    const contestRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/contests/1/') contestRequests.push(request.url());
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/'))
        assets.push(response.headers()['cache-control'] ?? '');
    });
    const requests = requestTracker(page);
    await page.goto('/contests/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hbada Synergy Chair Contest');
    await requests.settle();
    // Hydrated: the page's own client-side link works without a full load.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
    expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(contestRequests).toEqual([]);
    expect(assets.length).toBeGreaterThan(0);
    for (const header of assets) expect(header).toBe('public, max-age=31536000, immutable');
    expect(errors).toEqual([]);
  });

  for (const width of [360, 1366]) {
    test(`/ and /contests/1 at ${width} px: screenshots after hydration`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: path.join(SCREENSHOTS, `home-${width}.png`) });
      await page.goto('/contests/1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hbada Synergy Chair Contest');
      await page.screenshot({ path: path.join(SCREENSHOTS, `contest-detail-${width}.png`) });
    });
  }
});

test('a signed-in visitor gets the signed-in navbar right after hydration', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.addInitScript(() => {
    // The navbar only reads the stored user; the token is never sent on this page.
    localStorage.setItem(
      'session',
      JSON.stringify({
        access: 'x',
        refresh: 'y',
        user: { id: 1, email: 'a@b.c', role: 'creator', first_name: 'A', last_name: 'B' },
      }),
    );
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
