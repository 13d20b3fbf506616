import type { Page } from '@playwright/test';

/**
 * Until the app has rendered the page (a prerendered page: hydrated; apps/web/src/main.tsx marks
 * `<html data-app-ready>`). A prerendered page shows its buttons before its scripts run
 * (public/paint-first.js starts them once the page is on screen, which can be after the load
 * event): a test that clicks one as soon as the page has loaded waits for this first.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}
