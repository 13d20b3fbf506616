import { expect, test } from '@playwright/test';
import { apiLogin, createVerifiedUser, signIn } from '../../support/accounts';

// L5 (issue 18): a signed-in user changes their password; the old one stops working.
test('change password: current password, then a new one of 12 characters', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createVerifiedUser();
  await signIn(page, user);
  await page.goto('/profile/settings');
  await page.getByRole('link', { name: 'Change your password' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'e2e/artifacts/change-password-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'e2e/artifacts/change-password-1280.png', fullPage: true });

  await page.getByLabel('Current Password').fill(user.password);
  await page.getByLabel('New Password', { exact: true }).fill('Short-pw-1');
  await page.getByLabel('Confirm New Password').fill('Short-pw-1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password must be at least 12 characters long')).toBeVisible();

  const newPassword = 'Quiet-Harbour-Lights-8';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible();
  await expect(apiLogin(user)).rejects.toThrow(/401/);
  expect((await apiLogin({ email: user.email, password: newPassword })).user.email).toBe(user.email);
});
