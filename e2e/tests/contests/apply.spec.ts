import { expect, test, type Page } from '@playwright/test';
import { apiLogin, createVerifiedUser, signIn } from '../../support/accounts';
import { E2E_BASE_URL } from '../../support/env';
import { waitForEmail } from '../../support/mail';

// One server for the whole file: the tests share the chairs' stock, so they run in order.
test.describe.configure({ mode: 'serial' });

const CONTEST = 'Hbada Synergy Chair Contest';
const X7 = 2;

async function stockOf(productId: number): Promise<number> {
  const res = await fetch(`${E2E_BASE_URL}/api/brands/1/products/`);
  const products = (await res.json()) as Array<{ id: number; stock_quantity: number }>;
  return products.find((p) => p.id === productId)!.stock_quantity;
}

/** Applies through the API as a new creator (to use up stock). */
async function applyByApi(productId: number): Promise<number> {
  const user = await createVerifiedUser({ role: 'creator' });
  const { access } = await apiLogin(user);
  const res = await fetch(`${E2E_BASE_URL}/api/contests/1/apply/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify({
      full_name: 'Stock Taker',
      email: user.email,
      bio: 'Here for the chair.',
      shipping_address: { line1: '1 Main St', city: 'Reno', country: 'US' },
      product_id: productId,
      terms_accepted: true,
    }),
  });
  return res.status;
}

function xTile(page: Page) {
  return page.getByRole('listitem', { name: 'X7 SMART' });
}

test('a creator goes from the list to the detail page and applies through all three steps', async ({
  page,
  browser,
}) => {
  // Two creators' journeys through the wizard: over a minute when the machine is busy.
  test.setTimeout(150_000);
  const user = await createVerifiedUser({ role: 'creator', firstName: 'Maya', lastName: 'Lopez' });
  await signIn(page, user);
  const before = await stockOf(X7);

  await page.goto('/contests');
  await expect(page.getByRole('heading', { name: CONTEST })).toBeVisible();
  await expect(page.getByText('Prize: $5,000')).toBeVisible();
  await page.getByRole('link', { name: `See Details: ${CONTEST}` }).click();
  await expect(page).toHaveURL(/\/contests\/1$/);
  await expect(page.getByText('Self-love is your energy', { exact: true })).toBeVisible();
  await expect(xTile(page).getByText('Available')).toBeVisible();
  await expect(xTile(page).getByText(`${before} left`)).toBeVisible();

  await page.getByRole('link', { name: 'APPLY NOW' }).click();
  await expect(page).toHaveURL(/\/contests\/1\/apply$/);

  // Step 0: prefilled from the profile; Back is disabled, Next waits for a valid step.
  await expect(page.getByLabel('Full Name')).toHaveValue('Maya Lopez');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Bio').fill('Documentary shooter, Sony FX3, based in Austin.');
  await page.getByLabel('Street Address').fill('12 Elm St');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('Postal Code').fill('78701');
  await page.getByLabel('Country').fill('US');
  await expect(page.getByText('Please enter a valid url')).toHaveCount(3);
  await page.getByLabel('Portfolio URL').fill('maya films'); // a hint only: not checked
  await expect(next).toBeEnabled();
  await next.click();

  // Step 1: one chair.
  await expect(page.getByRole('heading', { name: 'Choose Chair' })).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(page.getByText(`${before} left`)).toBeVisible();
  await page.getByRole('radio', { name: 'X7 SMART' }).check();
  await next.click();

  // Step 2: each text opens in a dialog; all three must be accepted.
  await expect(page.getByRole('heading', { name: 'Terms' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit Application' });
  await expect(submit).toBeDisabled();
  for (const [title, phrase] of [
    ['Privacy Policy', 'What we collect'],
    ['Contest Rules', 'Eligibility'],
    ['Participant Agreement', 'Your video'],
  ] as const) {
    await page.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByRole('heading', { name: phrase })).toBeVisible();
    if (title === 'Contest Rules')
      await expect(dialog.getByText('You must be 18 years of age or older.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('checkbox', { name: `I accept the ${title}` }).check();
  }
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByText('Application submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`, { timeout: 5_000 });
  expect(await stockOf(X7)).toBe(before - 1);
  const confirmation = await waitForEmail(user.email, { subject: /Your application to/ });
  expect(confirmation).toContain('X7 SMART');

  // The dashboard lists it under Applied.
  await page.goto('/creator-dashboard');
  await page.getByRole('tab', { name: 'Applied' }).click();
  await expect(page.getByRole('link', { name: CONTEST })).toBeVisible();

  // The tile and the wizard show the reduced stock.
  await page.goto('/contests/1');
  await expect(xTile(page).getByText(`${before - 1} left`)).toBeVisible();
  const again = await createVerifiedUser({ role: 'creator' });
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, again);
  await other.goto('/contests/1/apply');
  await other.getByLabel('Full Name').fill('Sam Reed');
  await other.getByLabel('Bio').fill('Commercial DP.');
  await other.getByLabel('Street Address').fill('9 Oak Ave');
  await other.getByLabel('City').fill('Denver');
  await other.getByLabel('Country').fill('US');
  await other.getByRole('button', { name: 'Next' }).click();
  await expect(other.getByText(`${before - 1} left`)).toBeVisible();
  await otherContext.close();
});

test("a chair with no stock left is disabled and labelled ' (All Picked!)'", async ({ page }) => {
  const left = await stockOf(X7);
  const statuses = await Promise.all(Array.from({ length: left }, () => applyByApi(X7)));
  expect(statuses.every((s) => s === 201)).toBe(true);
  expect(await stockOf(X7)).toBe(0);

  const user = await createVerifiedUser({ role: 'creator', firstName: 'Lee', lastName: 'Park' });
  await signIn(page, user);
  await page.goto('/contests/hbada-chair-contest');
  await expect(xTile(page).getByText('All Picked!')).toBeVisible();

  await page.goto('/contests/1/apply');
  await page.getByLabel('Bio').fill('Wedding films and brand spots.');
  await page.getByLabel('Street Address').fill('5 Pine Rd');
  await page.getByLabel('City').fill('Boise');
  await page.getByLabel('Country').fill('US');
  await page.getByRole('button', { name: 'Next' }).click();
  const x7 = page.getByRole('radio', { name: 'X7 SMART (All Picked!)' });
  await expect(x7).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'E3 PRO', exact: true })).toBeEnabled();
});

test('a visitor sees the blank wizard, signs in from it and comes back with what they typed', async ({
  page,
}) => {
  const user = await createVerifiedUser({ role: 'creator', firstName: 'Ana', lastName: 'Ruiz' });
  await page.goto('/contests/1/apply');
  await expect(page.getByText('Please log in to continue with your application')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('');
  await page.getByLabel('Bio').fill('Music videos and short docs.');
  await page.getByLabel('Street Address').fill('77 Sunset Blvd');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The URL changes before the sign-in page replaces the wizard (which has an Email field too).
  await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(/\/contests\/1\/apply$/);
  await expect(page.getByText('Please log in to continue with your application')).toBeHidden();
  await expect(page.getByLabel('Full Name')).toHaveValue('Ana Ruiz');
  await expect(page.getByLabel('Bio')).toHaveValue('Music videos and short docs.');
  await expect(page.getByLabel('Street Address')).toHaveValue('77 Sunset Blvd');
});
