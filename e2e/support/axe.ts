import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA: the rules every page must pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The page's serious and critical axe violations under `tags`, one line each (rule, impact, help,
 * the elements). Axe details only its violations (`resultTypes`): the passes, incomplete and
 * inapplicable results no test reads are not collected node by node, which is most of axe's time
 * on a long page. It runs in the page itself (`setLegacyMode`): by default @axe-core/playwright
 * runs a part in each frame and finishes in a new blank tab, loading axe into both, on every call;
 * the app's pages have no frames of other origins for that to reach.
 */
export async function seriousAxeViolations(page: Page, tags: string[] = WCAG_TAGS): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(tags)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
