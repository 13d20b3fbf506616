import { expect, test } from '@playwright/test';
import { AGREEMENT_MESSAGES } from '@app/domain';
import { requestTracker } from '../../support/requests';

/** The legal and information pages, each with its heading and a sentence of its own text. */
const PAGES: { path: string; h1: string; text: string | RegExp }[] = [
  { path: '/terms', h1: 'Terms', text: /general terms of use/ },
  { path: '/privacy', h1: 'Privacy Policy', text: 'What we collect' },
  { path: '/rules', h1: 'Contest Rules', text: /The judges' decision is final/ },
  { path: '/contact', h1: 'Contact', text: 'Creators and brands alike.' },
  { path: '/about', h1: 'About', text: /partners with brands to run video contests/ },
  { path: '/faq', h1: 'FAQ', text: 'Who can apply?' },
];

test.describe('with the API down', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/api/**', (route) => route.abort());
  });

  for (const { path, h1, text } of PAGES) {
    test(`${path} still shows its heading and text`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.getByText(text).first()).toBeVisible();
    });
  }

  test('/agreement, a versioned text kept on the server, says it could not be loaded and shows it when the API is back', async ({
    page,
  }) => {
    await page.goto('/agreement');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Participant Agreement');
    await expect(page.getByText(AGREEMENT_MESSAGES.loadFailed)).toBeVisible();
    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('You keep the copyright of your video.')).toBeVisible();
    await expect(page.getByText(/^Version 1 · SHA-256 [0-9a-f]{64}$/)).toBeVisible();
  });

  test('the contest texts arrive filled in by the server; reached in the browser while the API is down, they say the details could not be loaded, and fill them in when it is back', async ({
    page,
  }) => {
    // The server renders the page with its contest (its own reads do not go through the browser).
    await page.goto('/rules');
    await expect(page.getByText(/^Video submission deadline: \d\d-\d\d-\d{4}/)).toBeVisible();
    // A page the browser renders itself: reached by a link once the app runs.
    const requests = requestTracker(page);
    await page.goto('/faq');
    await requests.settle();
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Rules' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contest Rules');
    await expect(page.getByText(/The contest's dates and details could not be loaded/)).toBeVisible();
    await page.unroute('**/api/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText(/^Video submission deadline: \d\d-\d\d-\d{4}/)).toBeVisible();
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  });
});
