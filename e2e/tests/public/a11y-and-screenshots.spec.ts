import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../artifacts/screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/** Every public page of the route table (spec §2 and §6 'public'). */
const PUBLIC_PAGES: [string, string][] = [
  ['home', '/'],
  ['how-it-works', '/how-it-works'],
  ['hbada-synergy', '/hbada-synergy'],
  ['about', '/about'],
  ['faq', '/faq'],
  ['terms', '/terms'],
  ['contact', '/contact'],
  ['privacy', '/privacy'],
  ['rules', '/rules'],
  ['agreement', '/agreement'],
  ['brand', '/brand/1'],
  ['not-found', '/no-such-page'],
  ['login', '/login'],
  ['signup', '/signup'],
  ['check-email', '/check-email'],
  ['verification-success', '/verification-success'],
  ['verification-failed', '/verification-failed'],
  ['resend-verification', '/resend-verification'],
  ['forgot-password', '/forgot-password'],
  ['reset-password', '/reset-password/abc/def'],
  ['library', '/library'],
  ['video-detail', '/videos/1'],
  ['contests', '/contests'],
  ['contest-detail', '/contests/1'],
  ['contest-apply', '/contests/1/apply'],
  ['contest-submit', '/contests/1/submit'],
];

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 360, height: 740 },
];

// Long pages with video and full-page screenshots are slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

for (const [name, url] of PUBLIC_PAGES) {
  for (const viewport of VIEWPORTS) {
    test(`${url} at ${viewport.name} width: no serious or critical axe violations; screenshot kept`, async ({
      page,
    }) => {
      // Still frames (posters instead of playing loops, no drifting strips) make the screenshots
      // comparable; the moving state is covered by home.spec.ts and landing.spec.ts.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize(viewport);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const blocking = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      // Scroll through once so lazy images below the fold are in the full-page screenshot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${name}-${viewport.name}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      expect(blocking, `${url} at ${viewport.name}`).toEqual([]);
    });
  }
}
