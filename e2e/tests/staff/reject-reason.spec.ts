import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';
import { moveToRow, uploadFromDashboard } from '../../support/videos';

test.describe.configure({ timeout: 150_000 });

test("a rejected video shows its reason on the owner's dashboard and stays out of the library", async ({
  browser,
}) => {
  const word = `umbra${Date.now().toString(36)}`;
  const title = `${word} night cut`;
  const reason = 'The chair never appears on screen; please show at least three of its features.';
  const creator = await createVerifiedUser({ firstName: 'Tomas', lastName: 'Reyes' });
  const creatorPage = await (await browser.newContext()).newPage();
  await signIn(creatorPage, creator);
  await uploadFromDashboard(creatorPage, creator, title);

  const staff = await createVerifiedUser({ role: 'staff' });
  const page = await (await browser.newContext()).newPage();
  await signIn(page, staff);
  await page.goto('/staff/review');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await moveToRow(page, title);

  // r opens the dialog; the reason is required.
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: `Reject “${title}”` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Give a reason: the creator will read it.')).toBeVisible();
  await dialog.getByRole('radio', { name: /Other/ }).check();
  await dialog.getByRole('textbox', { name: /Reason shown to the creator/ }).fill(reason);
  await dialog.getByRole('textbox', { name: /Reason shown to the creator/ }).press('Control+Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Rejected “${title}”. Its creator has been told why.`)).toBeVisible();

  // Deciding it again is refused: the rejected filter shows it without decision buttons.
  await page.getByRole('tab', { name: 'Rejected' }).click();
  const row = page.locator('article', { has: page.getByRole('heading', { level: 2, name: title }) });
  await expect(row.getByText(`Reason: ${reason}`)).toBeVisible();
  await expect(row.getByRole('button', { name: /Approve/ })).toHaveCount(0);

  // The owner reads the reason on the dashboard.
  await creatorPage.goto('/creator-dashboard');
  const card = creatorPage.getByRole('link', { name: new RegExp(title) }).first();
  await expect(card.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(card.getByText(`Reason: ${reason}`)).toBeVisible();

  // Not public.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/library');
  await visitor.getByRole('searchbox', { name: 'Search videos' }).fill(word);
  await expect(visitor.getByText('No videos found')).toBeVisible();
});
