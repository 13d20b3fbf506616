import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';
import { requestTracker } from '../../support/requests';
import { appReady } from '../../support/app-ready';

const DISCLAIMER = /not affiliated with, endorsed by, or sponsored by Instagram, TikTok, YouTube/;

test('logged out, the navbar shows Home, Hbada, Login, Signup and the footer its notices', async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Hbada', 'Login', 'Signup']);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(DISCLAIMER)).toBeVisible();
  await expect(
    footer.getByText(`© ${new Date().getFullYear()} Cinematic Contests. All rights reserved.`),
  ).toBeVisible();
  await nav.getByRole('link', { name: 'Hbada' }).click();
  await expect(page).toHaveURL(/\/hbada-synergy$/);
  await nav.getByRole('link', { name: 'Signup' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('logged in, the navbar shows Home, Hbada, Log out, Dashboard', async ({ page }) => {
  const user = await createVerifiedUser();
  await signIn(page, user);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Hbada', 'Log out', 'Dashboard']);
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/creator-dashboard$/);
});

for (const path of ['/library', '/videos']) {
  test(`${path} has neither navbar nor footer`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Video Library' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
}

test('every footer link opens its page', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  const expected: [string, RegExp][] = [
    ['How It Works', /\/how-it-works$/],
    ['Contests', /\/contests$/],
    ['FAQ', /\/faq$/],
    ['Contact', /\/contact$/],
    ['Rules', /\/rules$/],
    ['Privacy', /\/privacy$/],
    ['Agreement', /\/agreement$/],
    ['Terms', /\/terms$/],
  ];
  for (const [name, url] of expected) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(url);
  }
  await footer.getByRole('link', { name: 'Video Library' }).click();
  await expect(page).toHaveURL(/\/library$/);
});

test('a new page starts at its top; back and forward return to where the person was', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 400 });
  // The contest page arrives with its data; the links below are the app's once its scripts ran.
  const requests = requestTracker(page);
  await page.goto('/contests/1');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await requests.settle();
  const faq = page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'FAQ', exact: true });
  await faq.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => Math.round(window.scrollY));
  expect(y).toBeGreaterThan(300);
  await faq.click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(0);
  const faqY = await page.evaluate(() => Math.round(window.scrollY));
  await page.goBack();
  await expect(page).toHaveURL(/\/contests\/1$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
  await page.goForward();
  await expect(page).toHaveURL(/\/faq$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(faqY);
});

test('a person who scrolls a page before its scripts have run stays where they scrolled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 600 });
  // Home arrives rendered; its entry script is held back until the person has scrolled.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const board = page.getByTestId('community-board');
  await board.scrollIntoViewIfNeeded();
  // Where the board is in the window once the sections brought into view have their real height
  // (they are laid out only near the viewport), a few frames later.
  const boardTop = () =>
    board.evaluate(async (element) => {
      for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      return Math.round(element.getBoundingClientRect().top);
    });
  const top = await boardTop();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  release();
  // Once the page's scripts run, its buttons work: the board scrolls sideways.
  const right = page.getByRole('button', { name: 'Scroll the community board right' });
  await expect
    .poll(async () => {
      await right.click();
      return board.evaluate((element) => element.scrollLeft);
    })
    .toBeGreaterThan(0);
  expect(await boardTop()).toBe(top);
});

test("a tap on the phone menu before the page's scripts have run opens it once they have", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The app's entry is held back, as a slow phone or network would: the page is the server's HTML.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
  release();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link')).toHaveText(['Home', 'Hbada', 'Login', 'Signup']);
  await menu.getByRole('link', { name: 'Hbada' }).click();
  await expect(page).toHaveURL(/\/hbada-synergy$/);
});
