import { expect, test } from '@playwright/test';
import { E2E_PASSWORD, uniqueEmail } from '../../support/accounts';
import { E2E_BASE_URL } from '../../support/env';
import { findLink, waitForEmail } from '../../support/mail';

test.use({ viewport: { width: 360, height: 780 } });

test('on a phone: sign up, resend the e-mail, verify, sign in, sign out from the menu', async ({ page }) => {
  const email = uniqueEmail('phone');
  await page.goto('/register');
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await page.getByLabel(/^Confirm Password/).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/check-email$/);
  await waitForEmail(email, { subject: /Verify/ });

  await page.getByRole('link', { name: 'send it again' }).click();
  await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue(email);
  await page.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(
    page.getByText('If an unverified account exists with this email, a new verification link has been sent.'),
  ).toBeVisible();

  const link = findLink(await waitForEmail(email, { subject: /Verify/ }), `${E2E_BASE_URL}/verify-email/`);
  await page.goto(link);
  await expect(
    page.getByText('Your email has been successfully verified! You can now log in.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/creator-dashboard$/);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
});
