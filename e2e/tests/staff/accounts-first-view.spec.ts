import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn, type E2EUser } from '../../support/accounts';

test.describe.configure({ timeout: 90_000 });

let staff: E2EUser;
let creator: E2EUser;
test.beforeAll(async () => {
  staff = await createVerifiedUser({ role: 'staff' });
  creator = await createVerifiedUser({ role: 'creator' });
});

/**
 * Issue 26: Staff › Accounts on first view, "All roles" and an empty search, lists the accounts.
 * It used to send `?role=&q=&page=1`, get a 400 and show `Invalid option: expected one of …`.
 */
test('Staff › Accounts lists every account with "All roles" on first view, with no error text', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      failed.push(`${response.status()} ${response.url()}`);
  });

  await signIn(page, staff);
  const listed = page.waitForResponse((r) => r.url().includes('/api/staff/users/'));
  await page.goto('/staff/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  expect((await listed).status()).toBe(200);

  const filters = page.getByRole('search', { name: 'Find users' });
  await expect(filters.getByRole('combobox', { name: 'Role' })).toHaveText('All roles');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table).toBeVisible();
  await expect(table.getByText(staff.email)).toBeVisible();
  await expect(table.getByText(creator.email)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/Invalid option|expected one of|Too small|at Object\./)).toHaveCount(0);
  expect(failed).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
