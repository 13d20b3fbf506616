import { expect, test } from '@playwright/test';
import { createVerifiedUser } from '../../support/accounts';
import { E2E_BASE_URL } from '../../support/env';
import { findLink, waitForEmail } from '../../support/mail';

test('forgot password, reset link by e-mail, new password signs in', async ({ page }) => {
  const user = await createVerifiedUser();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The sign-in page (with its own Email box) stays until the next page's code has loaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Email/ }).fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If an account exists with this email, a password reset link has been sent.'),
  ).toBeVisible();

  const message = await waitForEmail(user.email, { subject: /Reset/ });
  const link = findLink(message, `${E2E_BASE_URL}/reset-password/`);
  const response = await page.goto(link);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');

  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 12 characters long')).toBeVisible();

  const newPassword = 'Copper-Meadow-5519';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset Successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

  // The link was single use: opening it again says so before anything is typed.
  await page.goto(link);
  await expect(page.getByText('Invalid or Expired Link')).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a New Link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );

  await page.goto('/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Incorrect email or password. Please try again.')).toBeVisible();
  await page.getByLabel(/^Password/).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/creator-dashboard$/);
});

test('an unknown e-mail gets the same answer', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: /^Email/ }).fill('nobody-at-all@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If an account exists with this email, a password reset link has been sent.'),
  ).toBeVisible();
});
