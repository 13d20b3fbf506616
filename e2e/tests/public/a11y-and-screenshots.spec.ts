import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { seriousAxeViolations, WCAG_TAGS } from '../../support/axe';
import { PUBLIC_PAGES } from '../../support/public-pages';
import { requestTracker } from '../../support/requests';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../artifacts/screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 360, height: 740 },
];

// Both widths at once, one worker each; a page of the list gets 40 s (long pages with video and
// full-page screenshots are slow on a busy machine).
test.describe.configure({ mode: 'parallel', timeout: PUBLIC_PAGES.length * 40_000 });

for (const viewport of VIEWPORTS) {
  // One browser context for every page: each page is a full load, the second and later from a
  // warm cache like a visitor's, instead of a fresh context that loads and compiles every script.
  test(`the ${PUBLIC_PAGES.length} public pages at ${viewport.name} width: no serious or critical axe violations; screenshots kept`, async ({
    page,
  }) => {
    // Still frames (posters instead of playing loops, no drifting strips) make the screenshots
    // comparable; the moving state is covered by home.spec.ts and landing.spec.ts.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(viewport);
    // The page's own requests (its data, images, fonts) ended: no fixed quiet time to wait out.
    const requests = requestTracker(page);
    for (const [name, url] of PUBLIC_PAGES) {
      await page.goto(url);
      await expect.soft(page.getByRole('heading', { level: 1 }), `${url}: one h1`).toHaveCount(1);
      await requests.settle();
      const blocking = await seriousAxeViolations(page, [...WCAG_TAGS, 'best-practice']);
      // Scroll through once so lazy images below the fold are in the full-page screenshot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
        window.scrollTo(0, 0);
      });
      await requests.settle();
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${name}-${viewport.name}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      expect.soft(blocking, `${url} at ${viewport.name}`).toEqual([]);
    }
  });
}
