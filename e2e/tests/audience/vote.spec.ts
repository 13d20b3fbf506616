import { expect as baseExpect, test } from '@playwright/test';
import { E2E_PASSWORD, createVerifiedUser, signIn, uniqueEmail } from '../../support/accounts';
import { E2E_BASE_URL } from '../../support/env';
import { findLink, waitForEmail } from '../../support/mail';
import {
  apiAs,
  createEntryContest,
  makeVerticalClip,
  selectApplicant,
  submitEntryThroughApi,
  VERTICAL_BRIEF,
} from '../../support/entries';

test.describe.configure({ timeout: 300_000 });
// The machine is shared: pages may take several seconds to load their data.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 50: a visitor on a phone opens a contest's audience gallery, signs up as a voter, verifies
 * through the e-mailed link, comes back to the gallery signed in, votes once, and cannot vote for
 * the same film again (the button says so).
 */
test('a visitor signs up as a voter from the gallery, verifies, votes once', async ({ page }) => {
  const contest = await createEntryContest(VERTICAL_BRIEF);
  const creator = await createVerifiedUser({ role: 'creator', firstName: 'Mira', lastName: 'Lens' });
  const brand = await createVerifiedUser({ role: 'brand', company: contest.brandName });
  const staff = await createVerifiedUser({ role: 'staff' });
  await selectApplicant(contest.id, creator, brand);
  const entryId = await submitEntryThroughApi(
    contest.id,
    creator,
    makeVerticalClip('Night walk', 12),
    'Night walk',
  );
  const asStaff = await apiAs(staff);
  const now = Date.now();
  const setUp = await asStaff('PUT', `/contests/${contest.id}/audience/`, {
    voting_opens_at: new Date(now - 60_000).toISOString(),
    voting_closes_at: new Date(now + 86_400_000).toISOString(),
    prize_cents: 10_000,
    votes_per_voter: 1,
    finalist_entry_ids: [entryId],
  });
  expect(setUp.status, JSON.stringify(setUp.body)).toBe(200);

  await page.setViewportSize({ width: 360, height: 800 });
  const gallery = `/contests/${contest.id}/vote`;
  await page.goto(gallery);
  await expect(page.getByRole('heading', { name: /Audience award/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Night walk' })).toBeVisible();
  await expect(page.getByText(/votes? left|one per film/)).toBeVisible();
  await page.getByRole('link', { name: 'Sign up to vote for Night walk' }).click();

  await expect(page.getByRole('heading', { name: 'Create a voter account' })).toBeVisible();
  const email = uniqueEmail('voter');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await page.getByLabel(/^Confirm Password/).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/check-email$/);

  const link = findLink(await waitForEmail(email, { subject: /Verify/ }), `${E2E_BASE_URL}/verify-email/`);
  expect(link).toContain(`?next=${encodeURIComponent(gallery)}`);
  await page.goto(link);
  await expect(
    page.getByText('Your email has been successfully verified! You can now log in.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}${gallery}`);

  await expect(page.getByText('You have 1 of 1 vote left.')).toBeVisible();
  await page.getByRole('button', { name: 'Vote for Night walk' }).click();
  await expect(page.getByRole('button', { name: 'You voted' })).toBeVisible();
  await expect(page.getByText('You have 0 of 1 vote left.')).toBeVisible();

  // Votes are final: after a reload the film still says so, and the API refuses a second vote.
  await page.reload();
  await expect(page.getByRole('button', { name: 'You voted' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Vote for Night walk' })).toHaveCount(0);
});

/**
 * Staff see the votes of accounts made the same day as one cluster and void them from the
 * audience page with a reason; the tally and the cluster follow.
 */
test("staff void a sign-up day's cluster of votes with a reason", async ({ page }, testInfo) => {
  const contest = await createEntryContest(VERTICAL_BRIEF);
  const creator = await createVerifiedUser({ role: 'creator', firstName: 'Tove', lastName: 'Frame' });
  const brand = await createVerifiedUser({ role: 'brand', company: contest.brandName });
  const staff = await createVerifiedUser({ role: 'staff' });
  await selectApplicant(contest.id, creator, brand);
  const entryId = await submitEntryThroughApi(contest.id, creator, makeVerticalClip('Tide', 12), 'Tide');
  const asStaff = await apiAs(staff);
  const now = Date.now();
  const setUp = await asStaff('PUT', `/contests/${contest.id}/audience/`, {
    voting_opens_at: new Date(now - 60_000).toISOString(),
    voting_closes_at: new Date(now + 86_400_000).toISOString(),
    prize_cents: 10_000,
    votes_per_voter: 1,
    finalist_entry_ids: [entryId],
  });
  expect(setUp.status, JSON.stringify(setUp.body)).toBe(200);
  for (let i = 0; i < 3; i++) {
    const voter = await createVerifiedUser({ role: 'creator' });
    const cast = await (await apiAs(voter))('POST', `/contests/${contest.id}/votes/`, { entry_id: entryId });
    expect(cast.status, JSON.stringify(cast.body)).toBe(201);
  }

  await signIn(page, staff);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/contests/${contest.id}/audience`);
  const day = page.getByRole('row').filter({ hasText: 'Sign-up day' });
  await expect(day).toContainText('3');
  await page.screenshot({ path: testInfo.outputPath('audience-clusters-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('audience-clusters-360.png'), fullPage: true });
  await day.getByRole('button', { name: 'Void' }).click();
  const dialog = page.getByRole('dialog', { name: /Void the votes of sign-up day/ });
  await expect(dialog).toContainText('3 votes from 3 accounts');
  await page.screenshot({ path: testInfo.outputPath('audience-void-signup-360.png') });
  await dialog.getByLabel(/Reason/).fill('Three accounts made today voting together.');
  await dialog.getByRole('button', { name: 'Void votes' }).click();
  await expect(dialog).toBeHidden();
  const tally = await asStaff<Array<{ entry_id: number; votes: number; voided: number }>>(
    'GET',
    `/contests/${contest.id}/audience/tally/`,
  );
  expect(tally.body.find((row) => row.entry_id === entryId)).toMatchObject({ votes: 0, voided: 3 });
  await expect(day.getByRole('button', { name: 'Void' })).toHaveCount(0);
});
