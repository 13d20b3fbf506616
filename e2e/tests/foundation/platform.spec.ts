import { expect, test } from '@playwright/test';

test('the home route renders in Chromium', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('/api/health/ is ok', async ({ request }) => {
  const res = await request.get('/api/health/');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', database: { status: 'ok', driver: 'pglite' } });
});

test('an unknown API path gives a JSON 404', async ({ request }) => {
  const res = await request.get('/api/no-such-endpoint/');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('application/json');
  expect(await res.json()).toMatchObject({ code: 'not_found' });
});

test('an unknown page path answers 404 with the SPA, which shows its not-found page', async ({
  page,
  request,
}) => {
  const res = await request.get('/no/such/page');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(await res.text()).toContain('<div id="root">');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
