import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';

test('an anonymous visitor goes to /login and comes back after signing in', async ({ page }) => {
  const user = await createVerifiedUser();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: /^Email/ }).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a brand opening the creator dashboard goes to its own dashboard', async ({ page }) => {
  const brand = await createVerifiedUser({ role: 'brand', company: 'Acme Films' });
  await signIn(page, brand);
  await page.goto('/creator-dashboard');
  await expect(page).toHaveURL(/\/brand-dashboard$/);
});

test('an expired access token is refreshed behind "Loading..."; a dead session goes to /login', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  await signIn(page, user);
  await page.goto('/');
  // The refresh cookie is gone (expired, signed out elsewhere): the guard must send us to /login.
  await page.context().clearCookies();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
});

test('a reload renews the access token through the HttpOnly cookie; no token is in storage', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  const session = await signIn(page, user);
  await page.goto('/');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  // The URL is /profile at once; the guard shows the page once the cookie refresh gave a token.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'refresh_token');
  await expect.poll(async () => (await cookie())?.value).not.toBe(session.refresh);
  expect(await cookie()).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/token/' });
  // Issue 18 M3: the script cannot read the refresh token, and storage holds no token at all.
  expect(await page.evaluate(() => document.cookie)).not.toContain('refresh_token');
  const stored = await page.evaluate(() => localStorage.getItem('session') ?? '');
  expect(stored).toContain(user.email);
  expect(stored).not.toContain(session.access.split('.')[0]!);
});

test('two tabs renewing their session with the same cookie at once both stay signed in', async ({ page }) => {
  const user = await createVerifiedUser();
  await signIn(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const other = await page.context().newPage();
  // Each tab's renewal is held until both have sent theirs, so both carry the same refresh token
  // (as when a page is left or reloaded before its renewal's answer arrives).
  let sent = 0;
  let bothSent!: () => void;
  const held = new Promise<void>((resolve) => (bothSent = resolve));
  await page.context().route('**/api/token/refresh/', async (route) => {
    if (++sent === 2) bothSent();
    await held;
    await route.continue();
  });
  await Promise.all([page.reload(), other.goto('/profile')]);
  for (const tab of [page, other]) {
    await expect(tab).toHaveURL(/\/profile$/);
    await expect(tab.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  }
  expect(sent).toBe(2);
  await page.context().unroute('**/api/token/refresh/');
  // The session goes on in both: a later reload of each renews again.
  for (const tab of [other, page]) {
    await tab.reload();
    await expect(tab.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(tab).toHaveURL(/\/profile$/);
  }
});

test('staff sign in to the console; creators and brands opening it go to their own homes', async ({
  page,
}) => {
  // Three accounts made with the admin CLI (a process each): slow on a busy machine.
  test.setTimeout(180_000);
  const staff = await createVerifiedUser({ role: 'staff' });
  await page.goto('/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(staff.email);
  await page.getByLabel(/^Password/).fill(staff.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('link', { name: 'Console' }).first()).toBeVisible();
  // A staff member opening a creator page goes to the console.
  await page.goto('/creator-dashboard');
  await expect(page).toHaveURL(/\/staff$/);

  const creator = await createVerifiedUser();
  const creatorPage = await (await page.context().browser()!.newContext()).newPage();
  await signIn(creatorPage, creator);
  await creatorPage.goto('/staff/review');
  await expect(creatorPage).toHaveURL(/\/creator-dashboard$/);

  const brand = await createVerifiedUser({ role: 'brand', company: 'Acme Films' });
  const brandPage = await (await page.context().browser()!.newContext()).newPage();
  await signIn(brandPage, brand);
  await brandPage.goto('/staff/audit');
  await expect(brandPage).toHaveURL(/\/brand-dashboard$/);
  await expect(brandPage.getByRole('link', { name: 'Dashboard' }).first()).toHaveAttribute(
    'href',
    '/brand-dashboard',
  );
});
