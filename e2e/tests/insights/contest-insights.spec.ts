import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/env';
import { createVerifiedUser, signIn, type E2EUser } from '../../support/accounts';
import { seriousAxeViolations } from '../../support/axe';
import { requestTracker } from '../../support/requests';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../artifacts/screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 360, height: 740 },
];

test.describe.configure({ timeout: 120_000 });

let brand: E2EUser;
let contestId: number;
let contestTitle: string;
test.beforeAll(async () => {
  const contest = (await (await fetch(`${E2E_BASE_URL}/api/contests/hbada-chair-contest/`)).json()) as {
    id: number;
    title: string;
    brand: { id: number };
  };
  contestId = contest.id;
  contestTitle = contest.title;
  brand = await createVerifiedUser({ role: 'brand', brandId: contest.brand.id });
});

for (const viewport of VIEWPORTS) {
  test(`the brand dashboard's contest insights at ${viewport.width} px: the funnel chart and its table, no serious axe finding`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(viewport);
    await signIn(page, brand);
    const requests = requestTracker(page);
    // From the brand dashboard's contest card to its insights.
    await page.goto('/brand-dashboard');
    await page
      .getByRole('listitem', { name: contestTitle, exact: true })
      .getByRole('link', { name: 'Insights' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/contests/${contestId}/insights$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Contest Insights' })).toBeVisible();

    const funnel = page.getByRole('region', { name: 'Funnel' });
    const chart = funnel.getByRole('img', { name: /^Funnel: \d+ applied, \d+ selected/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('svg').first()).toBeVisible();
    // The chart fits the card: nothing cut at the page's width.
    const box = (await chart.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await requests.settle();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({
      path: path.join(SCREENSHOTS, `contest-insights-${viewport.name}.png`),
      fullPage: true,
      animations: 'disabled',
    });

    // The text alternative: the same numbers as a table, behind the toggle.
    const toggle = funnel.getByRole('button', { name: 'Show table' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(funnel.getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-pressed', 'true');
    const table = funnel.getByRole('table', { name: 'Funnel' });
    await expect(table).toBeVisible();
    for (const step of ['Applied', 'Selected', 'Shipped', 'Submitted', 'Checked', 'Scored', 'Paid'])
      await expect(table.getByRole('rowheader', { name: step })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Its data as CSV.
    const download = page.waitForEvent('download');
    await funnel.getByRole('button', { name: 'CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`funnel-contest-${contestId}.csv`);
  });
}
