import { expect, test } from '@playwright/test';
import pg from 'pg';
import { createVerifiedUser, signIn } from '../../support/accounts';
import { applyAs, createEntryContest, VERTICAL_BRIEF } from '../../support/entries';
import { e2eDatabaseEnv } from '../../support/env';
import { waitForEmail } from '../../support/mail';

test.describe.configure({ timeout: 120_000 });

/**
 * Makes applications look `days` old: nothing in the product ages an application but time, so
 * the test moves its `created_at` in the running platform's database (the embedded one through
 * its socket), as the API tests do.
 */
async function ageApplications(emails: string[], days: number): Promise<void> {
  const { DATA_DIR, DATABASE_URL } = e2eDatabaseEnv();
  const client = new pg.Client(
    DATABASE_URL ? { connectionString: DATABASE_URL } : { host: DATA_DIR, port: 5432, user: 'postgres' },
  );
  await client.connect();
  try {
    const res = await client.query(
      `update applications set created_at = now() - make_interval(days => $1)
        where user_id in (select id from users where email = any($2::text[]))`,
      [days, emails],
    );
    expect(res.rowCount).toBe(emails.length);
  } finally {
    await client.end();
  }
}

test('staff release stale pending applications: the dialog counts them, the list and the stock change; the brand has no such button', async ({
  page,
  browser,
}) => {
  const contest = await createEntryContest(VERTICAL_BRIEF);
  const staff = await createVerifiedUser({ role: 'staff' });
  const brand = await createVerifiedUser({ role: 'brand', company: contest.brandName });
  const stale = [
    await createVerifiedUser({ role: 'creator', firstName: 'Olga', lastName: 'Old' }),
    await createVerifiedUser({ role: 'creator', firstName: 'Otto', lastName: 'Old' }),
  ];
  const recent = await createVerifiedUser({ role: 'creator', firstName: 'Rita', lastName: 'Recent' });
  await applyAs(contest.id, stale[0]!, 'Olga Old');
  await applyAs(contest.id, stale[1]!, 'Otto Old');
  await applyAs(contest.id, recent, 'Rita Recent');
  await ageApplications(
    stale.map((c) => c.email),
    10,
  );

  await signIn(page, staff);
  await page.goto(`/contests/${contest.id}/applications`);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  const stock = page.getByRole('list', { name: 'Stock' });
  // Glow Mini: 3 units, all three reserved by the pending applications.
  await expect(stock.getByRole('listitem', { name: 'Glow Mini: 0 left, 3 reserved' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Applications' });
  await expect(table.getByText('pending', { exact: true })).toHaveCount(3);

  await page.getByRole('button', { name: 'Release stale applications' }).click();
  const dialog = page.getByRole('dialog', { name: 'Release stale applications' });
  await expect(dialog.getByLabel('Pending for more than (days)')).toHaveValue('7');
  await expect(
    dialog.getByText(
      /^2 pending applications made before .* will be declined, and 2 units returned to stock\.$/,
    ),
  ).toBeVisible();
  await expect(dialog.getByText('Glow Mini: 2')).toBeVisible();
  // A longer threshold: nothing that old.
  await dialog.getByLabel('Pending for more than (days)').fill('30');
  await expect(dialog.getByText('No application has been pending for more than 30 days')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Release', exact: true })).toBeDisabled();
  await dialog.getByLabel('Pending for more than (days)').fill('7');
  await dialog.getByLabel('Note (optional)').fill('We could not reach you in time.');
  await dialog.getByRole('button', { name: 'Release 2 applications' }).click();
  await expect(dialog.getByText(/^Released 2 applications: 2 units are back in stock/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The list and the stock are read again.
  await expect(table.getByText('declined', { exact: true })).toHaveCount(2);
  await expect(table.getByText('pending', { exact: true })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Rita Recent' }).getByText('pending')).toBeVisible();
  await expect(stock.getByRole('listitem', { name: 'Glow Mini: 2 left, 1 reserved' })).toBeVisible();
  // The decline, not the earlier confirmation (same subject): found by its words, which a
  // quoted-printable soft line break may cut anywhere.
  const declined = 'We could not reach you in time.';
  const mail = await waitForEmail(stale[0]!.email, {
    subject: new RegExp(
      [...declined].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(?:=\\r?\\n)?'),
    ),
  });
  expect(mail).toMatch(/Subject: Your application to/);

  // The contest's brand runs the same page without the release.
  const brandPage = await (await browser.newContext()).newPage();
  await signIn(brandPage, brand);
  await brandPage.goto(`/contests/${contest.id}/applications`);
  await expect(brandPage.getByRole('table', { name: 'Applications' }).getByText('Rita Recent')).toBeVisible();
  await expect(brandPage.getByRole('button', { name: 'Export shipping CSV' })).toBeVisible();
  await expect(brandPage.getByRole('button', { name: 'Release stale applications' })).toHaveCount(0);
  await brandPage.context().close();
});
