import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ContestResponse } from '@app/domain';
import { createVerifiedUser, demoAccount, signIn } from '../../support/accounts';
import {
  apiAs,
  makeVerticalClip,
  selectApplicant,
  submitEntryThroughApi,
  uploadOnSubmitPage,
} from '../../support/entries';
import { E2E_PORT } from '../../support/env';

/** The demo brand's owner and reviewer (Hbada's team), and its contest asking two approvals. */
const OWNER = 'hbada@demo.example.com';
const REVIEWER = 'remy@demo.example.com';
const SIGN_OFF_CONTEST = 'hbada-home-office-shorts';

/** A page of its own browser context, signed in, at `width` × 800. */
async function pageOf(browser: Browser, account: { email: string; password: string }, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

const SCREENSHOTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  `../../artifacts/sign-off-${E2E_PORT}`,
);
mkdirSync(SCREENSHOTS, { recursive: true });

/** The page at 360 and 1280 px wide, as `<name>-<width>.png`; it is left at `width`. */
async function shoot(page: Page, name: string, width: number) {
  for (const size of [360, 1280]) {
    await page.setViewportSize({ width: size, height: 800 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize({ width, height: 800 });
}

/** The entry page's sign-off panel. */
const signOff = (page: Page) => page.getByRole('region', { name: 'Sign-off' });

test('the reviewer asks for changes at 360 px, the creator uploads version 2, the reviewer and the owner approve it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = demoAccount(OWNER);
  const asOwner = await apiAs(owner);
  const contest = (await asOwner<ContestResponse>('GET', `/contests/${SIGN_OFF_CONTEST}/`)).body;
  expect(contest.approvals_required).toBe(2);
  const creator = await createVerifiedUser({ role: 'creator', firstName: 'Ines', lastName: 'Moreau' });
  await selectApplicant(contest.id, creator, owner);
  const entryId = await submitEntryThroughApi(
    contest.id,
    creator,
    makeVerticalClip('Desk day', 4),
    'Desk day',
  );

  // The reviewer, on a phone, asks for changes with a comment.
  const reviewer = await pageOf(browser, demoAccount(REVIEWER), 360);
  await reviewer.goto(`/entries/${entryId}`);
  const panel = signOff(reviewer);
  await expect(panel.getByText('Awaiting approval')).toBeVisible();
  await expect(panel.getByText('Version 1: 0 of 2 approvals')).toBeVisible();
  await panel.getByLabel('Comment on version 1').fill('Show the footrest in the first five seconds.');
  await panel.getByRole('button', { name: 'Ask for changes' }).click();
  await expect(panel.getByText('Changes requested')).toBeVisible();
  await expect(panel.getByText('Remy Laurent asked for changes to version 1')).toBeVisible();
  expect(await reviewer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shoot(reviewer, 'entry-reviewer', 360);

  // The creator sees the request (the entry waits for a revision) and uploads version 2.
  const creatorPage = await pageOf(browser, creator);
  await creatorPage.goto(`/entries/${entryId}`);
  await expect(creatorPage.getByText('Revision requested').first()).toBeVisible();
  await expect(
    signOff(creatorPage).getByText('“Show the footrest in the first five seconds.”'),
  ).toBeVisible();
  await expect(signOff(creatorPage).getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await uploadOnSubmitPage(creatorPage, contest.id, makeVerticalClip('Desk day v2', 4), 'Desk day v2');
  await expect(creatorPage.getByText('Version 2 submitted')).toBeVisible({ timeout: 60_000 });

  // The reviewer and the owner approve version 2: two approvals make it approved.
  await reviewer.reload();
  await expect(panel.getByText('Version 2: 0 of 2 approvals')).toBeVisible({ timeout: 60_000 });
  await panel.getByRole('button', { name: 'Approve' }).click();
  await expect(panel.getByText('Version 2: 1 of 2 approvals')).toBeVisible();
  const ownerPage = await pageOf(browser, owner);
  await ownerPage.goto(`/entries/${entryId}`);
  await signOff(ownerPage).getByLabel('Comment on version 2').fill('Perfect opening.');
  await signOff(ownerPage).getByRole('button', { name: 'Approve' }).click();

  // The entry page shows it approved, with who approved which version.
  await creatorPage.goto(`/entries/${entryId}`);
  const shown = signOff(creatorPage);
  await expect(shown.getByText('Approved', { exact: true })).toBeVisible();
  await expect(shown.getByText('Version 2: 2 of 2 approvals')).toBeVisible();
  const decisions = shown.getByRole('list', { name: 'Approvals' });
  await expect(decisions.getByText(/approved version 2$/)).toHaveCount(2);
  await expect(decisions.getByText('Hbada Marketing approved version 2')).toBeVisible();
  await expect(decisions.getByText('Remy Laurent approved version 2')).toBeVisible();
  await expect(decisions.getByText('Remy Laurent asked for changes to version 1')).toBeVisible();
});

test('a viewer reads the demo brand’s contest without a button that changes it', async ({ browser }) => {
  const viewer = await pageOf(browser, demoAccount('vic@demo.example.com'), 360);
  await viewer.goto('/contests/1');
  const manage = viewer.getByRole('navigation', { name: 'Contest management' });
  await expect(manage.getByRole('link', { name: 'Applications' })).toBeVisible();
  await expect(manage.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await shoot(viewer, 'contest-viewer', 360);
  await viewer.goto('/contests/1/edit');
  await expect(viewer.getByText('Your role in this brand’s team does not allow this.')).toBeVisible();
});
