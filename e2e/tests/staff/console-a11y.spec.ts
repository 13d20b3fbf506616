import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/env';
import { apiLogin, createVerifiedUser, signIn, type E2EUser } from '../../support/accounts';
import { seriousAxeViolations, WCAG_TAGS } from '../../support/axe';
import { requestTracker } from '../../support/requests';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../artifacts/screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

const CONSOLE_PAGES: [string, string, string][] = [
  ['staff-home', '/staff', 'Staff console'],
  ['staff-review', '/staff/review', 'Review queue'],
  ['staff-review-rejected', '/staff/review?review=rejected', 'Review queue'],
  ['staff-accounts', '/staff/accounts', 'Accounts'],
  ['staff-audit', '/staff/audit', 'Audit log'],
  ['staff-insights', '/staff/insights', 'Insights'],
];

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 360, height: 740 },
];

let staff: E2EUser;
test.beforeAll(async () => {
  staff = await createVerifiedUser({ role: 'staff' });
  // A pending invitation, so the accounts page shows its Withdraw action (issue 30).
  const { access } = await apiLogin(staff);
  const invited = await fetch(`${E2E_BASE_URL}/api/staff/invitations/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify({ email: `invited-${staff.id}@example.com`, role: 'staff' }),
  });
  expect(invited.status).toBe(201);
});

// Both widths at once, one worker each; each width walks the pages in one signed-in context, each
// page a full load (from a warm cache, as a staff member's second page is), each check soft and
// naming its page so every failing page is reported.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

for (const viewport of VIEWPORTS) {
  test(`the staff console at ${viewport.name} width: no serious or critical axe violations, nothing wider than the screen; screenshots kept`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(viewport);
    await signIn(page, staff);
    const requests = requestTracker(page);
    for (const [name, url, heading] of CONSOLE_PAGES) {
      await page.goto(url);
      await expect
        .soft(page.getByRole('heading', { level: 1, name: heading }), `${url}: its h1`)
        .toBeVisible();
      await requests.settle();
      await expect.soft(page.locator('[aria-busy="true"]'), `${url}: nothing busy`).toHaveCount(0);
      const blocking = await seriousAxeViolations(page, [...WCAG_TAGS, 'best-practice']);
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${name}-${viewport.name}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      expect.soft(blocking, `${url} at ${viewport.name}`).toEqual([]);
      expect
        .soft(await page.evaluate(() => document.documentElement.scrollWidth), `${url}: page width`)
        .toBeLessThanOrEqual(viewport.width);
    }
  });
}

test('an unusable invitation link says so, with no serious or critical axe violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/invitations/not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'Accept Invitation' })).toBeVisible();
  await expect(page.getByText('This invitation link is not valid.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});
