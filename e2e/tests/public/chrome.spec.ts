import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';

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
