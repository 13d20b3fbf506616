import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';
import { moveToRow, uploadFromDashboard } from '../../support/videos';

test.describe.configure({ timeout: 150_000 });

test('a creator uploads, staff approve it from the queue with the keyboard, it appears in /library search', async ({
  browser,
}) => {
  const word = `halcyon${Date.now().toString(36)}`;
  const title = `${word} rooftop take`;
  const creator = await createVerifiedUser({ firstName: 'Iris', lastName: 'Okafor' });
  const creatorPage = await (await browser.newContext()).newPage();
  await signIn(creatorPage, creator);
  await uploadFromDashboard(creatorPage, creator, title);
  // The owner sees it is waiting for review.
  await creatorPage.reload();
  const card = creatorPage.getByRole('link', { name: new RegExp(title) }).first();
  await expect(card.getByText('Waiting for review')).toBeVisible();

  const staff = await createVerifiedUser({ role: 'staff' });
  const page = await (await browser.newContext()).newPage();
  await signIn(page, staff);
  await page.goto('/staff/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await expect(page.getByText('Keyboard:')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();

  // No mouse from here: j to the row, a to approve.
  await moveToRow(page, title);
  await page.keyboard.press('a');
  await expect(page.getByText(`Approved “${title}”. It is now public in the library.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeHidden();

  // Public at once: anyone finds it in the library's search.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/library');
  await visitor.getByRole('searchbox', { name: 'Search videos' }).fill(word);
  await expect(visitor.getByRole('link', { name: new RegExp(title) })).toBeVisible();

  // The approved filter lists it.
  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
});
