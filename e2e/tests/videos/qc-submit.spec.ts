import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEFAULT_DELIVERY_SPEC } from '@app/domain';
import { apiLogin, createVerifiedUser, signIn } from '../../support/accounts';
import { apiAs, createEntryContest, makeVerticalClip, selectApplicant } from '../../support/entries';
import { E2E_BASE_URL } from '../../support/env';

/**
 * Issue 51: a creator on a phone sees the technical check of the video they chose on Submit Video,
 * before entering: each finding with what to change, the contest's blocking ones marked, and the
 * entry refused while a blocking check fails. Staff find the refused first submission held on
 * Contest Submissions and let it through with a reason; the creator's next try enters it.
 */
test('a creator sees the QC findings of the chosen video on the submit page at 360 px', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const contest = await createEntryContest({
    aspect_ratio: '9:16',
    min_seconds: null,
    max_seconds: null,
    min_width: null,
    min_height: null,
    containers: [],
    duration_tolerance_seconds: 0,
    delivery: { ...DEFAULT_DELIVERY_SPEC, blocking: ['audio'] },
  });
  const creator = await createVerifiedUser({ role: 'creator', firstName: 'Sol', lastName: 'Quiet' });
  const brand = await createVerifiedUser({ role: 'brand', company: contest.brandName });
  await selectApplicant(contest.id, creator, brand);

  // A clip without sound, uploaded through the API; its check runs after processing.
  const clip = makeVerticalClip('Silent street', 6);
  const { access } = await apiLogin(creator);
  const form = new FormData();
  form.set('title', 'Silent street');
  form.set(
    'video',
    new Blob([new Uint8Array(readFileSync(clip))], { type: 'video/mp4' }),
    path.basename(clip),
  );
  const uploaded = await fetch(`${E2E_BASE_URL}/api/videos/upload/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const video = (await uploaded.json()) as { id: number };
  const asCreator = await apiAs(creator);
  await expect
    .poll(
      async () => (await asCreator<{ status: string }>('GET', `/videos/videos/${video.id}/qc/`)).body.status,
      {
        timeout: 120_000,
        intervals: [1000],
      },
    )
    .toBe('done');

  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, creator);
  await page.goto(`/contests/${contest.id}/submit`);
  await page.getByRole('radio', { name: /Silent street/ }).check();

  const report = page.getByRole('region', { name: 'Technical check' });
  await expect(report).toBeVisible();
  const checks = report.getByRole('list', { name: 'Technical check' });
  await expect(checks.getByRole('listitem', { name: 'Sound: Fail, Blocks entry' })).toBeVisible();
  await expect(checks.getByText('Export the film with its sound track.')).toBeVisible();
  await expect(checks.getByRole('listitem', { name: 'Black frames: Pass' })).toBeVisible();
  await expect(report.getByText(/refuses a video that fails a check marked "Blocks entry"/)).toBeVisible();
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Entering it anyway: refused, with the reason.
  await page.getByRole('button', { name: 'Submit this video' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText("This video does not meet the contest's delivery spec: Sound.");
  await expect(refusal).toContainText('If this is intended, the contest team can let it through');
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/refused-360.png`, fullPage: true });

  // Staff see it held (no entry exists yet) and let it through with a reason.
  const staff = await createVerifiedUser({ role: 'staff' });
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, staff);
  await staffPage.goto(`/contests/${contest.id}/submissions`);
  const held = staffPage.getByRole('region', { name: 'Held at the technical check' });
  const card = held.getByRole('listitem', { name: 'Silent street by Sol Quiet' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Sound', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Show the technical check' }).click();
  await expect(
    card
      .getByRole('list', { name: 'Technical check' })
      .getByRole('listitem', { name: 'Sound: Fail, Blocks entry' }),
  ).toBeVisible();
  if (process.env.E2E_SHOTS)
    await staffPage.screenshot({ path: `${process.env.E2E_SHOTS}/held-1280.png`, fullPage: true });
  await staffPage.setViewportSize({ width: 360, height: 800 });
  if (process.env.E2E_SHOTS)
    await staffPage.screenshot({ path: `${process.env.E2E_SHOTS}/held-360.png`, fullPage: true });
  await card.getByRole('button', { name: 'Let it through' }).click();
  const dialog = staffPage.getByRole('dialog', { name: /Let “Silent street” through/ });
  await dialog.getByRole('button', { name: 'Let it through' }).click();
  await expect(dialog.getByText('Say why, in 3 to 500 characters.')).toBeVisible();
  await dialog.getByLabel(/Why it may go through/).fill('Silent on purpose: the brand adds its music bed.');
  if (process.env.E2E_SHOTS)
    await staffPage.screenshot({ path: `${process.env.E2E_SHOTS}/held-dialog-360.png` });
  await dialog.getByRole('button', { name: 'Let it through' }).click();
  await expect(
    staffPage.getByText('“Silent street” is let through: Sol Quiet can submit it again now.'),
  ).toBeVisible();
  await expect(held.getByRole('listitem')).toHaveCount(0);
  await staffContext.close();

  // The creator's next try enters it.
  await page.getByRole('button', { name: 'Submit this video' }).click();
  await expect(page.getByText('Version 1 submitted')).toBeVisible();
  await context.close();
});
