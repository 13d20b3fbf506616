import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn, type E2EUser } from '../../support/accounts';
import { E2E_BASE_URL } from '../../support/env';
import { waitForEmail } from '../../support/mail';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../artifacts/screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let staff: E2EUser;
let brandUser: E2EUser;
test.beforeAll(async () => {
  staff = await createVerifiedUser({ role: 'staff' });
  brandUser = await createVerifiedUser({ role: 'brand', brandId: 1, firstName: 'Hana', lastName: 'Brand' });
});

/** Fills one product block of the contest form. */
async function fillProduct(page: Page, index: number, code: string, name: string, stock: number) {
  const group = page.getByRole('group', { name: `Product ${index}` });
  await group.getByLabel('Code').fill(code);
  await group.getByLabel('Product name').fill(name);
  await group.getByLabel('Features').fill(`${name} feature one\n${name} feature two`);
  await group.getByLabel('Units in stock').fill(String(stock));
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The layout at the new width: two frames later, not a guessed 200 ms.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

test('staff create a contest with two products, a creator applies, staff select, export, ship; the creator sees the tracking number', async ({
  page,
  browser,
}) => {
  const title = `Desk Lamp Contest ${Date.now()}`;
  await signIn(page, staff);
  await page.goto('/staff');
  await page.getByRole('link', { name: 'Create a contest' }).click();
  await expect(page).toHaveURL(/\/contests\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create a contest' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByRole('combobox', { name: 'Brand' }).click();
  await page.getByRole('option', { name: 'Hbada' }).click();
  await page.getByLabel('Prize').fill('1500');
  await page.getByLabel('Brief', { exact: true }).fill('Show the lamp at night, in three scenes.');
  await page.getByLabel('Requirements shown on the page').fill('9:16 vertical video\n30–60 seconds');
  await page.getByLabel('Min seconds').fill('30');
  await page.getByLabel('Max seconds').fill('60');
  await fillProduct(page, 1, 'LA', 'Lamp Alpha', 3);
  await page.getByRole('button', { name: 'Add product' }).click();
  await fillProduct(page, 2, 'LB', 'Lamp Beta', 2);
  // The rubric's live sum.
  await expect(page.getByText('Weights add up to 100 of 100.')).toBeVisible();
  await page.getByLabel('Weight %').first().fill('30');
  await expect(page.getByText('Weights add up to 90 of 100.')).toBeVisible();
  await page.getByLabel('Weight %').first().fill('40');
  await shoot(page, 'contest-create');
  await page.getByRole('button', { name: 'Create contest' }).click();

  await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
  const contestId = Number(/\/contests\/(\d+)$/.exec(page.url())?.[1]);
  expect(contestId).toBeGreaterThan(1);
  await expect(page.getByRole('link', { name: 'Applications' })).toBeVisible();

  // A creator applies through the wizard.
  const creator = await createVerifiedUser({ role: 'creator', firstName: 'Maya', lastName: 'Lopez' });
  const creatorContext = await browser.newContext();
  const creatorPage = await creatorContext.newPage();
  await signIn(creatorPage, creator);
  await creatorPage.goto(`/contests/${contestId}/apply`);
  await creatorPage.getByLabel('Bio').fill('Night shooter with a reel.');
  await creatorPage.getByLabel('Phone Number').fill('+15551234567');
  await creatorPage.getByLabel('Street Address').fill('12 Elm St');
  await creatorPage.getByLabel('City').fill('Austin');
  await creatorPage.getByLabel('State').fill('TX');
  await creatorPage.getByLabel('Postal Code').fill('78701');
  await creatorPage.getByLabel('Country').fill('US');
  await creatorPage.getByRole('button', { name: 'Next' }).click();
  await creatorPage.getByRole('radio', { name: 'Lamp Beta' }).check();
  await creatorPage.getByRole('button', { name: 'Next' }).click();
  for (const terms of ['Privacy Policy', 'Contest Rules', 'Participant Agreement']) {
    await creatorPage.getByRole('checkbox', { name: `I accept the ${terms}` }).check();
  }
  await creatorPage.getByRole('button', { name: 'Submit Application' }).click();
  await expect(creatorPage.getByText('Application submitted successfully!')).toBeVisible();

  // Staff select from the applications page.
  await page.getByRole('link', { name: 'Applications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await page.getByRole('button', { name: 'Select Maya Lopez' }).click();
  const select = page.getByRole('dialog', { name: 'Select Maya Lopez' });
  await select.getByLabel('Note (optional)').fill('Loved your reel.');
  await select.getByRole('button', { name: 'Select' }).click();
  await expect(select).toBeHidden();
  const selected = await waitForEmail(creator.email, { subject: /You are selected/ });
  expect(selected).toContain('Show the lamp at night');

  // Filters.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await expect(page.getByText('No application matches these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Selected' }).click();

  // The shipping list.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export shipping CSV' }).click();
  const download = await downloading;
  const csv = readFileSync((await download.path())!, 'utf8');
  const [header, row] = csv.trim().split('\r\n');
  expect(header).toBe('Name,E-mail,Phone,Address,Product');
  expect(row).toContain('Maya Lopez');
  expect(row).toContain("'+15551234567");
  expect(row).toContain('LB Lamp Beta');

  // Mark shipped.
  await page.getByRole('button', { name: 'Mark shipped for Maya Lopez' }).click();
  const ship = page.getByRole('dialog', { name: 'Mark shipped Maya Lopez' });
  await ship.getByLabel('Carrier').fill('UPS');
  await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(ship).toBeHidden();
  await expect(
    page.getByRole('table', { name: 'Applications' }).getByText('1Z999AA10123456784'),
  ).toBeVisible();
  await waitForEmail(creator.email, { subject: /has shipped/ });
  await shoot(page, 'contest-applications');

  // The creator's dashboard: Running, "Selected", carrier and tracking number.
  await creatorPage.goto('/creator-dashboard');
  await expect(creatorPage.getByRole('tab', { name: 'Running', selected: true })).toBeVisible();
  const panel = creatorPage.getByRole('tabpanel');
  await expect(panel.getByRole('link', { name: title }).last()).toBeVisible();
  await expect(panel.getByText('Selected').last()).toBeVisible();
  await expect(panel.getByText(/Shipped with UPS/).last()).toBeVisible();
  await expect(panel.getByText('1Z999AA10123456784').last()).toBeVisible();
  await shoot(creatorPage, 'creator-dashboard-selected');
  await creatorContext.close();
});

test('a brand user creates a draft that is not public until staff publish it', async ({ page, browser }) => {
  const title = `Hbada Draft ${Date.now()}`;
  await signIn(page, brandUser);
  await page.goto('/brand-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Brand Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Create a contest' }).click();
  await page.getByLabel('Title').fill(title);
  await fillProduct(page, 1, 'C1', 'Chair One', 4);
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('Draft: not public')).toBeVisible();
  const contestId = Number(/\/contests\/(\d+)$/.exec(page.url())?.[1]);
  expect(contestId).toBeGreaterThan(1);
  // A brand cannot publish.
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);

  // Nobody else sees it: the page, the API and the list.
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`/contests/${contestId}`);
  await expect(visitor.getByText('This contest does not exist.')).toBeVisible();
  expect((await fetch(`${E2E_BASE_URL}/api/contests/${contestId}/`)).status).toBe(404);
  const listed = (await (await fetch(`${E2E_BASE_URL}/api/contests/`)).json()) as Array<{ id: number }>;
  expect(listed.map((c) => c.id)).not.toContain(contestId);

  // The brand dashboard lists the draft with its counts.
  await page.goto('/brand-dashboard');
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Applications' })).toBeVisible();
  await shoot(page, 'brand-dashboard');

  // Staff publish it from the contest page.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, staff);
  await staffPage.goto(`/contests/${contestId}`);
  await staffPage.getByRole('button', { name: 'Publish' }).click();
  await expect(staffPage.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  expect((await fetch(`${E2E_BASE_URL}/api/contests/${contestId}/`)).status).toBe(200);
  await visitor.goto(`/contests/${contestId}`);
  await expect(visitor.getByRole('heading', { name: title }).first()).toBeVisible();
  await anonymous.close();
  await staffContext.close();
});
