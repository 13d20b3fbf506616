import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';
import { moveToRow, uploadFromDashboard } from '../../support/videos';

test.describe.configure({ timeout: 150_000 });

test("the bell's count rises while the page is open when staff approve the creator's video in another browser", async ({
  browser,
}) => {
  const title = `bell${Date.now().toString(36)} morning cut`;
  const creator = await createVerifiedUser({ firstName: 'Ines', lastName: 'Moreau' });
  const creatorPage = await (await browser.newContext()).newPage();
  await signIn(creatorPage, creator);
  await uploadFromDashboard(creatorPage, creator, title);
  const bell = creatorPage.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const staff = await createVerifiedUser({ role: 'staff' });
  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, staff);
  await staffPage.goto('/staff/review');
  await expect(staffPage.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await moveToRow(staffPage, title);
  await staffPage.keyboard.press('a');
  await expect(staffPage.getByText(`Approved “${title}”. It is now public in the library.`)).toBeVisible();

  // No reload: the live stream brings the count (the bell's fallback poll is two minutes).
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });

  // The inbox lists it, links to the video, and opening it marks it read.
  await bell.click();
  await expect(creatorPage.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const item = creatorPage.getByRole('link', { name: new RegExp(`Your video "${title}" is approved`) });
  await expect(item).toBeVisible();
  await item.click();
  await expect(creatorPage).toHaveURL(/\/video\/\d+$/);
  await expect(bell).toHaveAccessibleName('Notifications');
});
