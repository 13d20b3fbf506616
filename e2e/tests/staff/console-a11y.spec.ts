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

test.describe.configure({ timeout: 120_000 });

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

for (const [name, url, heading] of CONSOLE_PAGES) {
  for (const viewport of VIEWPORTS) {
    test(`${url} at ${viewport.name} width: no serious or critical axe violations; screenshot kept`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize(viewport);
      await signIn(page, staff);
      const requests = requestTracker(page);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await requests.settle();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const blocking = await seriousAxeViolations(page, [...WCAG_TAGS, 'best-practice']);
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${name}-${viewport.name}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      expect(blocking).toEqual([]);
      // Nothing wider than the screen at 360 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  }
}

test('an unusable invitation link says so, with no serious or critical axe violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/invitations/not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'Accept Invitation' })).toBeVisible();
  await expect(page.getByText('This invitation link is not valid.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});
