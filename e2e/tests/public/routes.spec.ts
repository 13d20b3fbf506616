import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';

/** The one h1 of the page (every page has exactly one); soft, with `where` naming the page. */
async function expectSingleH1(page: Page, name?: string | RegExp, where = page.url()) {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect.soft(h1, `${where}: one h1`).toHaveCount(1);
  if (name) await expect.soft(h1, `${where}: its h1`).toHaveText(name);
  else await expect.soft(h1, `${where}: its h1`).not.toHaveText('Page not found');
}

/** The time a test of many pages allows each of them (a one-page test had the default 60 s). */
const PAGE_BUDGET = 20_000;

// Spec §2 route table: public routes and the page each one shows.
const PUBLIC_PAGES: { path: string; h1?: string | RegExp; text?: string | RegExp }[] = [
  { path: '/', text: 'How does it work' },
  { path: '/how-it-works', h1: 'How It Works', text: 'Grow your career' },
  { path: '/hbada-synergy', h1: 'Hbada Synergy', text: 'Apply to Compete' },
  { path: '/about', h1: 'About' },
  { path: '/faq', h1: 'FAQ' },
  { path: '/terms', h1: 'Terms' },
  { path: '/contact', h1: 'Contact' },
  { path: '/privacy', h1: 'Privacy Policy' },
  { path: '/rules', h1: 'Contest Rules', text: 'Eligibility' },
  { path: '/agreement', h1: 'Participant Agreement' },
  { path: '/brand/1', h1: 'Brand' },
  { path: '/login' },
  { path: '/signup' },
  { path: '/check-email' },
  { path: '/verification-success' },
  { path: '/verification-failed', text: 'Register Again' },
  { path: '/resend-verification' },
  { path: '/forgot-password', text: 'Send Reset Link' },
  { path: '/reset-password/abc/def' },
  { path: '/verify-email/abc/def' },
  { path: '/video/1', h1: 'Video Details' },
  { path: '/videos/1', h1: 'Video Details' },
  { path: '/library', h1: 'Video Library' },
  { path: '/videos', h1: 'Video Library' },
  { path: '/contests' },
  { path: '/contests/1' },
  { path: '/contests/hbada-chair-contest' },
  { path: '/contests/1/apply' },
];

// One page for every path: each is a full load, the second and later from a warm cache like a
// visitor's, instead of a fresh browser context per path.
test(`the ${PUBLIC_PAGES.length} public paths each show their page`, async ({ page }) => {
  test.setTimeout(PUBLIC_PAGES.length * PAGE_BUDGET);
  for (const route of PUBLIC_PAGES) {
    await page.goto(route.path);
    await expect
      .soft(page, `${route.path}: stays`)
      .toHaveURL(new RegExp(`${route.path.replace(/[/]/g, '\\/')}$`));
    await expectSingleH1(page, route.h1, route.path);
    if (route.text)
      await expect
        .soft(page.getByText(route.text).first(), `${route.path}: shows ${route.text}`)
        .toBeVisible();
    // Every page but the home page names itself in the title, before the site's name.
    if (route.path !== '/')
      await expect.soft(page, `${route.path}: its title`).toHaveTitle(/^.+ · Cinematic Contests$/);
  }
});

test('/contests/1/submit is for creators: a visitor is asked to sign in first', async ({ page }) => {
  // The spec's placeholder page became the entry form (issue 15), which needs a selected creator.
  await page.goto('/contests/1/submit');
  await expectSingleH1(page, 'Sign In');
});

test('sign-in, sign-up and a contest page carry their own titles', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign In · Cinematic Contests');
  await page.goto('/signup');
  await expect(page).toHaveTitle('Create Account · Cinematic Contests');
  await page.goto('/contests/1');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(page).toHaveTitle(`${await heading.textContent()} · Cinematic Contests`);
});

test('/register redirects to /signup', async ({ page }) => {
  await page.goto('/register');
  await expect(page).toHaveURL(/\/signup$/);
});

test('an unknown path answers 404 and shows the not-found page with a way home', async ({
  page,
  request,
}) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expectSingleH1(page, 'Page not found');
  await expect(page).toHaveTitle('Page not found · Cinematic Contests');
  // A page of the app with a parameter still answers 200; an unknown API path stays a JSON 404.
  expect((await request.get('/contests/1/apply')).status()).toBe(200);
  const api = await request.get('/api/no-such-endpoint/');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ code: 'not_found' });
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

// Protected routes send an anonymous visitor to /login (spec §4).
const PROTECTED = [
  '/creator-dashboard',
  '/brand-dashboard',
  '/dashboard',
  '/profile',
  '/profile/settings',
  '/contests/create',
  '/contests/1/submissions',
];
test(`the ${PROTECTED.length} protected paths each send an anonymous visitor to /login`, async ({ page }) => {
  test.setTimeout(PROTECTED.length * PAGE_BUDGET);
  for (const path of PROTECTED) {
    await page.goto(path);
    await expect.soft(page, `${path}: sent to /login`).toHaveURL(/\/login$/);
  }
});

test('a creator: /dashboard → /creator-dashboard, /profile and /profile/settings are theirs, /brand-dashboard is not', async ({
  page,
}) => {
  const creator = await createVerifiedUser({ role: 'creator', firstName: 'Ada', lastName: 'Reel' });
  await signIn(page, creator);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/creator-dashboard$/);
  await page.goto('/profile');
  await expectSingleH1(page, 'Profile');
  await expect(page.getByText('Ada Reel')).toBeVisible();
  await expect(page.getByText(creator.email)).toBeVisible();
  await page.goto('/profile/settings');
  await expectSingleH1(page, 'Profile Settings');
  await page.getByRole('link', { name: 'Edit your profile on the dashboard' }).click();
  await expect(page).toHaveURL(/\/creator-dashboard$/);
  await page.goto('/brand-dashboard');
  await expect(page).toHaveURL(/\/creator-dashboard$/);
});

test('a brand: /brand-dashboard is theirs and greets them by company; /profile/settings is not', async ({
  page,
}) => {
  const brand = await createVerifiedUser({ role: 'brand', company: 'Northlane Studios' });
  await signIn(page, brand);
  await page.goto('/brand-dashboard');
  await expectSingleH1(page, 'Brand Dashboard');
  await expect(page.getByText('Welcome, Northlane Studios.')).toBeVisible();
  await page.goto('/profile/settings');
  await expect(page).toHaveURL(/\/brand-dashboard$/);
  await page.goto('/profile');
  await expect(page.getByText('Northlane Studios')).toBeVisible();
});
