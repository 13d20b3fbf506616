import { expect as baseExpect, test } from '@playwright/test';
import { signIn } from '../../support/accounts';
import { placedWinner } from '../../support/entries';

test.describe.configure({ timeout: 300_000 });
// The machine is shared: pages may take several seconds to load their data.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 51: on the placed entry's page the brand's owner proposes a licence extension (months and
 * fee); the creator sees it on the same panel, at 360 px too, and accepts; the public check of the
 * licence shows the moved end.
 */
test('the brand proposes a licence extension and the creator accepts it on the entry page', async ({
  browser,
}, testInfo) => {
  const { winner, brand, entryId } = await placedWinner('Extended desk');

  const brandPage = await (await browser.newContext()).newPage();
  await signIn(brandPage, brand);
  await brandPage.goto(`/entries/${entryId}`);
  const brandPanel = brandPage.getByRole('region', { name: 'Licence' });
  await expect(brandPanel.getByText('Valid')).toBeVisible();
  await brandPanel.getByRole('button', { name: 'Propose extension' }).click();
  const dialog = brandPage.getByRole('dialog', { name: 'Propose extension' });
  await dialog.getByRole('spinbutton', { name: /Months/ }).fill('12');
  await dialog.getByRole('textbox', { name: /Fee/ }).fill('750');
  await dialog.getByRole('button', { name: 'Propose extension' }).click();
  await expect(brandPanel.getByText('Extension proposed: 12 months for $750.00')).toBeVisible();
  await expect(brandPanel.getByText(/waiting for the creator’s answer/)).toBeVisible();
  await brandPanel.screenshot({ path: testInfo.outputPath('licence-panel-brand-1280.png') });

  for (const width of [360, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, winner);
    await page.goto(`/entries/${entryId}`);
    const panel = page.getByRole('region', { name: 'Licence' });
    await expect(panel.getByText('Extension proposed: 12 months for $750.00')).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: testInfo.outputPath(`licence-panel-creator-${width}.png`),
      fullPage: true,
    });
    if (width === 1280) {
      const verifyLink = panel.getByRole('link', { name: 'Verify this licence' });
      const endsBefore = await panel.getByText(/ to /).first().textContent();
      await panel.getByRole('button', { name: 'Accept' }).click();
      await expect(panel.getByText('Last extension: 12 months for $750.00, accepted.')).toBeVisible();
      await expect(panel.getByText(/ to /).first()).not.toHaveText(endsBefore!);
      await verifyLink.click();
      await expect(page.getByText('This licence is valid.')).toBeVisible();
    }
    await context.close();
  }
});
