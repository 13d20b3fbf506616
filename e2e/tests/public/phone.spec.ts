import { expect, test } from '@playwright/test';
import { appReady } from '../../support/app-ready';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('on a phone, the home page menu opens from the hamburger and its links work', async ({ page }) => {
  await page.goto('/');
  await appReady(page);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link')).toHaveText(['Home', 'Hbada', 'Login', 'Signup']);
  await menu.getByRole('link', { name: 'Hbada' }).click();
  await expect(page).toHaveURL(/\/hbada-synergy$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Hbada Synergy' })).toBeVisible();
});

test('on a phone, the landing page menu leads to sign in, and Apply to Compete is in reach', async ({
  page,
}) => {
  await page.goto('/hbada-synergy');
  await appReady(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole('link', { name: 'Apply to Compete' })).toBeInViewport();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await menu.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('on a phone, the menu closes with its close button', async ({ page }) => {
  await page.goto('/how-it-works');
  await appReady(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
});
