import { expect, test } from '@playwright/test';
import { E2E_PASSWORD, uniqueEmail } from '../../support/accounts';
import { E2E_BASE_URL } from '../../support/env';
import { findLink, waitForEmail } from '../../support/mail';

test('sign up, verify by e-mail over SMTP, sign in to the creator dashboard, sign out', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();

  // Client-side rule first: the passwords must match.
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await page.getByLabel(/^Confirm Password/).fill(`${E2E_PASSWORD}x`);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel(/^Confirm Password/).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.getByLabel(/^Password/)).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Account created successfully! Please log in to continue!')).toBeVisible();
  await expect(page).toHaveURL(/\/check-email$/);
  await expect(
    page.getByRole('button', { name: 'Back to Login' }).or(page.getByRole('link', { name: 'Back to Login' })),
  ).toBeVisible();

  // Signing in before verifying: the message and a link to resend, with the address carried over.
  await page.goto('/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please verify your email address before logging in.')).toBeVisible();
  await page.getByRole('link', { name: 'Resend the verification e-mail' }).click();
  await expect(page).toHaveURL(/\/resend-verification$/);
  await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue(email);

  const message = await waitForEmail(email, { subject: /Verify/ });
  const link = findLink(message, `${E2E_BASE_URL}/verify-email/`);
  const response = await page.goto(link);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(
    page.getByText('Your email has been successfully verified! You can now log in.'),
  ).toBeVisible();

  // The link is single use.
  await page.reload();
  await expect(page.getByText('Your email is already verified. You can now log in.')).toBeVisible();

  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email.toUpperCase());
  await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/creator-dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // Signed in: /login goes home.
  await page.goto('/login');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);

  await nav.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
});

test('wrong credentials show the one login message', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(uniqueEmail('nobody'));
  await page.getByLabel(/^Password/).fill('Whatever-Pass-123');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Incorrect email or password. Please try again.')).toBeVisible();
});

test('a forged verification link shows the invalid-link message', async ({ page }) => {
  await page.goto('/verify-email/MQ/abc123-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('The email verification link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();
});
