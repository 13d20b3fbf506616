import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';
import { createSecondContest } from '../../support/contests';
import { E2E_BASE_URL } from '../../support/env';

test('a second contest added through the service works through the list, detail page, wizard and dashboard', async ({
  page,
}) => {
  const contest = await createSecondContest();
  const [glow, beam] = contest.products as [(typeof contest.products)[0], (typeof contest.products)[0]];
  const user = await createVerifiedUser({ role: 'creator', firstName: 'Noor', lastName: 'Haddad' });
  await signIn(page, user);

  // The list shows it beside the chair contest, its deadline in its own zone.
  await page.goto('/contests');
  await expect(page.getByRole('heading', { name: contest.title })).toBeVisible();
  // (Other journeys add contests of the same kind: read this one's card.)
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: contest.title }) });
  await expect(card.getByText('Prize: $2,500')).toBeVisible();
  await page.getByRole('link', { name: `See Details: ${contest.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/contests/${contest.id}$`));

  // The detail page: its own products, features, words and requirements.
  await expect(page.getByRole('heading', { level: 1, name: contest.title })).toBeVisible();
  await expect(page.getByText('Light the night', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose your light' })).toBeVisible();
  for (const product of [glow, beam]) {
    const tile = page.getByRole('listitem', { name: product.name });
    await expect(tile.getByText('Available')).toBeVisible();
    await expect(tile.getByRole('img', { name: `${product.name} light` })).toBeVisible();
  }
  await expect(page.getByRole('listitem', { name: 'X7 SMART' })).toHaveCount(0);
  await page.getByRole('button', { name: `${glow.name} features` }).click();
  await expect(page.getByText(glow.features[0]!)).toBeVisible();
  await expect(page.getByText('16:9 horizontal video')).toBeVisible();
  await expect(page.getByRole('region', { name: 'X7 inspiration' })).toHaveCount(0);

  // The wizard: its products, its noun.
  await page.getByRole('link', { name: 'APPLY NOW' }).click();
  await expect(page).toHaveURL(new RegExp(`/contests/${contest.id}/apply$`));
  await expect(page.getByLabel('Full Name')).toHaveValue('Noor Haddad');
  await page.getByLabel('Bio').fill('Night shooter in Toronto.');
  await page.getByLabel('Street Address').fill('1 King St W');
  await page.getByLabel('City').fill('Toronto');
  await page.getByLabel('Country').fill('CA');
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  await expect(page.getByRole('heading', { name: 'Choose Light' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'X7 SMART' })).toHaveCount(0);
  await page.getByRole('radio', { name: beam.name }).check();
  await next.click();
  for (const title of ['Privacy Policy', 'Contest Rules', 'Participant Agreement']) {
    await page.getByRole('checkbox', { name: `I accept the ${title}` }).check();
  }
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Application submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`, { timeout: 5_000 });

  // Its one Beam Pro is taken now.
  const products = (await (
    await fetch(`${E2E_BASE_URL}/api/contests/${contest.id}/products/`)
  ).json()) as Array<{
    id: number;
    stock_quantity: number;
  }>;
  expect(products.find((p) => p.id === beam.id)?.stock_quantity).toBe(0);

  // The dashboard lists it under Applied.
  await page.goto('/creator-dashboard');
  await page.getByRole('tab', { name: 'Applied' }).click();
  await expect(page.getByRole('link', { name: contest.title })).toBeVisible();
});
