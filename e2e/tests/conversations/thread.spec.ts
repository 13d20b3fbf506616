import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { CONVERSATION_MESSAGES } from '@app/domain';
import { createVerifiedUser, signIn } from '../../support/accounts';
import {
  createEntryContest,
  makeVerticalClip,
  selectApplicant,
  submitEntryThroughApi,
  VERTICAL_BRIEF,
} from '../../support/entries';
import { E2E_PORT } from '../../support/env';

test.describe.configure({ timeout: 300_000 });
// The machine is shared: pages may take several seconds to load their data.
const expect = baseExpect.configure({ timeout: 30_000 });

const SCREENSHOTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  `../../artifacts/conversations-${E2E_PORT}`,
);

/** A full-page screenshot kept as an artifact, to look at the thread and the inbox at both widths. */
async function keep(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/**
 * Issue 49, conversations: the brand writes on an entry's thread; the creator, on a phone, sees the
 * unread badge in the navbar, opens the thread from the inbox and answers; the brand's open page
 * shows the answer without a reload; staff hide the brand's message and the creator's and the
 * brand's open threads read "hidden by the platform team" in its place, live.
 */
test('brand and creator talk on an entry’s thread, live; staff hide a message', async ({ browser }) => {
  const contest = await createEntryContest(VERTICAL_BRIEF);
  const creator = await createVerifiedUser({ role: 'creator', firstName: 'Lena', lastName: 'Frame' });
  const brand = await createVerifiedUser({
    role: 'brand',
    company: contest.brandName,
    firstName: 'Bea',
    lastName: 'Brand',
  });
  const staff = await createVerifiedUser({ role: 'staff', firstName: 'Tom', lastName: 'Team' });
  await selectApplicant(contest.id, creator, brand);
  const entryId = await submitEntryThroughApi(
    contest.id,
    creator,
    makeVerticalClip('Thread desk', 12),
    'Thread desk',
  );
  const question = `Could you show the armrests? The brief: https://example.com/brief-${Date.now().toString(36)}`;
  const answer = 'Yes, I will film them tomorrow in daylight.';

  // The brand writes on the entry's page.
  const brandPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(brandPage, brand);
  await brandPage.goto(`/entries/${entryId}`);
  const brandThread = brandPage.getByRole('region', { name: 'Conversation' });
  // The thread is read (and marked read) once it is in view: under the entry, scrolled to.
  await brandThread.scrollIntoViewIfNeeded();
  await brandThread.getByRole('textbox', { name: 'Message' }).fill(question);
  await brandThread.getByRole('button', { name: 'Send' }).click();
  const brandMessages = brandThread.getByRole('list', { name: 'Messages' });
  await expect(brandMessages.getByRole('listitem', { name: 'Bea Brand (Brand)' })).toContainText(
    'Could you show the armrests?',
  );
  await expect(brandThread.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // The creator, on a phone, sees the unread badge in the navbar and opens the thread.
  const creatorPage = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  await signIn(creatorPage, creator);
  await creatorPage.goto('/creator-dashboard');
  const messagesLink = creatorPage.getByRole('link', { name: /^Messages/ });
  await expect(messagesLink).toHaveAccessibleName('Messages, 1 unread');
  await messagesLink.click();
  await expect(creatorPage).toHaveURL(/\/messages$/);
  await expect(creatorPage.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await creatorPage.getByRole('button', { name: /, 1 unread$/ }).click();
  const creatorThread = creatorPage.getByRole('region', { name: /Entry/ });
  const link = creatorThread.getByRole('link', { name: /^https:\/\/example\.com\/brief-/ });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(creatorThread.getByRole('listitem', { name: 'Bea Brand (Brand)' })).toContainText(
    'Could you show the armrests?',
  );
  // Reading it marks it read: the badge empties.
  await expect(messagesLink).toHaveAccessibleName('Messages');
  await creatorThread.getByRole('textbox', { name: 'Message' }).fill(answer);
  await creatorThread.getByRole('textbox', { name: 'Message' }).press('Control+Enter');
  await expect(creatorThread.getByRole('listitem', { name: 'Lena Frame (Creator)' })).toContainText(answer);
  expect(await creatorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The brand's page shows the answer without a reload (the live stream).
  await expect(brandMessages.getByRole('listitem', { name: 'Lena Frame (Creator)' })).toContainText(answer);

  // Staff hide the brand's message with a reason.
  const staffPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(staffPage, staff);
  await staffPage.goto(`/entries/${entryId}`);
  const staffThread = staffPage.getByRole('region', { name: 'Conversation' });
  await staffThread.scrollIntoViewIfNeeded();
  await staffThread
    .getByRole('listitem', { name: 'Bea Brand (Brand)' })
    .getByRole('button', { name: 'Hide' })
    .click();
  const dialog = staffPage.getByRole('dialog', { name: 'Hide this message' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Links outside the platform');
  await dialog.getByRole('button', { name: 'Hide message' }).click();
  await expect(dialog).toBeHidden();
  await expect(staffThread.getByRole('listitem', { name: 'Bea Brand (Brand)' })).toContainText(
    'Links outside the platform',
  );

  // The creator's open thread shows "hidden by the platform team" in its place without a reload
  // (the live `message_hidden` event), and so does the author's.
  const hidden = creatorPage.getByRole('listitem', { name: 'Bea Brand (Brand)' });
  await expect(hidden).toContainText(CONVERSATION_MESSAGES.hiddenBody);
  await expect(hidden).not.toContainText('armrests');
  await expect(creatorPage.getByRole('listitem', { name: 'Lena Frame (Creator)' })).toContainText(answer);
  const hiddenForAuthor = brandMessages.getByRole('listitem', { name: 'Bea Brand (Brand)' });
  await expect(hiddenForAuthor).toContainText(CONVERSATION_MESSAGES.hiddenBody);
  await expect(hiddenForAuthor).not.toContainText('armrests');

  // Screenshots of the thread on the entry page and of the inbox, at 360 and 1280 px.
  await keep(creatorPage, 'messages-thread-360');
  await creatorPage.goto(`/entries/${entryId}`);
  await creatorPage.getByRole('region', { name: 'Conversation' }).scrollIntoViewIfNeeded();
  await expect(creatorPage.getByRole('listitem', { name: 'Lena Frame (Creator)' })).toBeVisible();
  await keep(creatorPage, 'entry-thread-360');
  await creatorPage.goto('/messages');
  await expect(creatorPage.getByRole('list', { name: 'Conversations' })).toBeVisible();
  await keep(creatorPage, 'messages-360');
  await keep(staffPage, 'entry-thread-staff-1280');
  await brandPage.goto('/messages');
  await brandPage
    .getByRole('button', { name: /^Entry/ })
    .first()
    .click();
  await expect(brandPage.getByRole('list', { name: 'Messages' })).toBeVisible();
  await keep(brandPage, 'messages-1280');

  // An application's thread opens from the contest's applications; the creator finds it in the inbox.
  await brandPage.goto(`/contests/${contest.id}/applications`);
  await brandPage.getByRole('button', { name: 'Messages with Selected Creator' }).click();
  const dialog2 = brandPage.getByRole('dialog', { name: 'Messages with Selected Creator' });
  await dialog2.getByRole('textbox', { name: 'Message' }).fill('Your chair ships on Monday.');
  await dialog2.getByRole('button', { name: 'Send' }).click();
  await expect(dialog2.getByRole('listitem', { name: 'Bea Brand (Brand)' })).toContainText('ships on Monday');
  await keep(brandPage, 'application-thread-1280');
  await creatorPage.goto('/messages');
  await expect(creatorPage.getByRole('button', { name: /^Application.*, 1 unread$/ })).toBeVisible();
  await expect(messagesLink).toHaveAccessibleName('Messages, 1 unread');
  await keep(creatorPage, 'messages-two-360');
  // The phone menu lists Messages with the same unread total.
  await creatorPage.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    creatorPage.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Messages, 1 unread' }),
  ).toBeVisible();
  await keep(creatorPage, 'menu-360');
});
