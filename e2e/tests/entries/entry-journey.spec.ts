import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';
import {
  createEntryContest,
  makeVerticalClip,
  selectApplicant,
  uploadOnSubmitPage,
  VERTICAL_BRIEF,
} from '../../support/entries';

test.describe.configure({ mode: 'serial' });

test('a selected creator submits, the brand pins a note at 0:12, the creator sees it and uploads version 2', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const contest = await createEntryContest(VERTICAL_BRIEF);
  const creator = await createVerifiedUser({ role: 'creator', firstName: 'Nia', lastName: 'Frame' });
  const brand = await createVerifiedUser({ role: 'brand', company: contest.brandName });
  await selectApplicant(contest.id, creator, brand);

  // The creator submits from the submit page and sees the check results.
  const creatorPage = await (await browser.newContext()).newPage();
  await signIn(creatorPage, creator);
  await uploadOnSubmitPage(creatorPage, contest.id, makeVerticalClip('Night walk', 16), 'Night walk');
  await expect(creatorPage.getByText('Version 1 submitted')).toBeVisible({ timeout: 60_000 });
  const checks = creatorPage.getByRole('list', { name: 'Checks against the brief' });
  await expect(checks.getByText('This video is vertical, as the brief asks.')).toBeVisible();
  await expect(checks.getByText("Length 0:16, within the brief's 10–30 seconds.")).toBeVisible();
  await creatorPage.getByRole('link', { name: 'Open your entry' }).first().click();
  await expect(creatorPage).toHaveURL(/\/entries\/\d+$/);
  const entryUrl = creatorPage.url();

  // The brand finds it among the contest's submissions and pins a note at 0:12.
  const brandPage = await (await browser.newContext()).newPage();
  await signIn(brandPage, brand);
  await brandPage.goto(`/contests/${contest.id}/submissions`);
  await expect(brandPage.getByRole('heading', { name: 'Nia Frame' })).toBeVisible();
  await brandPage.getByRole('link', { name: 'Review entry' }).click();
  const video = brandPage.locator('video');
  await expect(video).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => brandPage.locator('video').evaluate((v: HTMLVideoElement) => v.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  await brandPage.locator('video').evaluate((v: HTMLVideoElement) => {
    v.currentTime = 12;
  });
  await expect
    .poll(() => brandPage.locator('video').evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime)))
    .toBe(12);
  await video.focus();
  await brandPage.keyboard.press('n');
  const noteField = brandPage.getByLabel('Note at 0:12');
  await noteField.fill('Hold the skyline two seconds longer.');
  await brandPage.getByRole('button', { name: 'Pin note' }).click();
  await expect(
    brandPage.getByRole('button', { name: 'Note at 0:12: Hold the skyline two seconds longer.' }),
  ).toBeVisible();

  // The creator sees the marker, and uploads version 2.
  await creatorPage.goto(entryUrl);
  const marker = creatorPage.getByRole('button', {
    name: 'Note at 0:12: Hold the skyline two seconds longer.',
  });
  await expect(marker).toBeVisible();
  await expect(creatorPage.getByText('Hold the skyline two seconds longer.').last()).toBeVisible();
  await creatorPage.getByRole('link', { name: 'Upload a new version' }).click();
  await uploadOnSubmitPage(creatorPage, contest.id, makeVerticalClip('Night walk v2', 18), 'Night walk v2');
  await expect(creatorPage.getByText('Version 2 submitted')).toBeVisible({ timeout: 60_000 });

  // The timeline shows each step with its date.
  await creatorPage.goto(entryUrl);
  const timeline = creatorPage.getByRole('list', { name: 'Status timeline' });
  await expect(timeline.getByRole('listitem').last()).toContainText('In review · version 2', {
    timeout: 60_000,
  });
  const steps = await timeline.getByRole('listitem').allTextContents();
  const v1 = steps.filter((s) => s.includes('version 1'));
  const v2 = steps.filter((s) => s.includes('version 2'));
  for (const list of [v1, v2]) {
    expect(list[0]).toContain('Uploaded');
    expect(list.some((s) => s.startsWith('Checked against the brief'))).toBe(true);
    expect(list[list.length - 1]).toContain('In review');
  }
  await expect(timeline.locator('time')).toHaveCount(steps.length);
});
