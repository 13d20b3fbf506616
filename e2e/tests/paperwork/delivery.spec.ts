import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { RELEASE_PDF } from '../../../apps/server/test/paperwork-files';
import { signIn } from '../../support/accounts';
import { placedWinner } from '../../support/entries';

test.describe.configure({ timeout: 300_000 });
// The machine is shared: pages may take several seconds to load their data.
const expect = baseExpect.configure({ timeout: 30_000 });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Issue 31: the winner files a talent release on the entry page, staff approve it there, and the
 * contest's brand opens the delivery from Contest Submissions, downloads the master and the
 * licence certificate, and the page confirms the downloaded file is the certified master.
 */
test('the winner files a release, staff approve it, the brand downloads and verifies the delivery', async ({
  browser,
}) => {
  const { contest, winner, brand, staff, clip, entryId } = await placedWinner('Desk at dawn');
  const work = mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-delivery-'));
  const releaseFile = path.join(work, 'talent-release.pdf');
  writeFileSync(releaseFile, RELEASE_PDF);

  // 1. The winner files a talent release on the entry page.
  const winnerPage = await (await browser.newContext()).newPage();
  await signIn(winnerPage, winner);
  await winnerPage.goto(`/entries/${entryId}`);
  const filing = winnerPage.getByRole('form', { name: 'File a release' });
  await expect(filing).toBeVisible();
  await filing.getByLabel('Release file').setInputFiles(releaseFile);
  await filing.getByRole('button', { name: 'Upload release' }).click();
  await expect(winnerPage.getByText('Releases: 1 pending')).toBeVisible();
  // The winner sees the entry but not the delivery.
  await expect(winnerPage.getByRole('link', { name: 'Open the delivery' })).toHaveCount(0);

  // 2. Staff approve it on the same page.
  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, staff);
  await staffPage.goto(`/entries/${entryId}`);
  await staffPage.getByRole('button', { name: 'Approve talent-release.pdf' }).click();
  await expect(
    staffPage.getByRole('region', { name: 'Releases' }).getByText('Approved', { exact: true }),
  ).toBeVisible();

  // 3. The brand finds the entry on Contest Submissions with its releases' state and opens the delivery.
  const brandContext = await browser.newContext({ acceptDownloads: true });
  const brandPage = await brandContext.newPage();
  await signIn(brandPage, brand);
  await brandPage.goto(`/contests/${contest.id}/submissions`);
  const card = brandPage.getByRole('listitem', { name: 'Entry of Ada Reel' });
  await expect(card.getByText('Releases: 1 approved')).toBeVisible();
  await card.getByRole('link', { name: 'Delivery' }).click();
  await expect(brandPage).toHaveURL(new RegExp(`/entries/${entryId}/delivery$`));
  await expect(brandPage.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
  const original = readFileSync(clip);
  await expect(brandPage.getByTestId('master-sha256')).toHaveText(sha256(original));
  await expect(
    brandPage
      .getByRole('region', { name: 'Approved releases' })
      .getByRole('link', { name: 'talent-release.pdf' }),
  ).toBeVisible();

  // 4. The master downloads byte for byte as uploaded.
  const [masterDownload] = await Promise.all([
    brandPage.waitForEvent('download'),
    brandPage.getByRole('link', { name: 'Download the master' }).click(),
  ]);
  const masterFile = path.join(work, masterDownload.suggestedFilename());
  await masterDownload.saveAs(masterFile);
  expect(sha256(readFileSync(masterFile))).toBe(sha256(original));

  // 5. The certificate names the master by its SHA-256 and size.
  const [certificateDownload] = await Promise.all([
    brandPage.waitForEvent('download'),
    brandPage.getByRole('link', { name: 'Download the certificate (PDF)' }).click(),
  ]);
  const certificateFile = path.join(work, 'certificate.pdf');
  await certificateDownload.saveAs(certificateFile);
  const text = execFileSync('pdftotext', [certificateFile, '-'], { encoding: 'utf8' });
  expect(text).toContain(sha256(original));
  expect(text.replace(/\s+/g, ' ')).toContain(`Size in bytes: ${original.length}`);
  expect(text).toContain(contest.title);
  expect(text).toContain('Ada Reel');

  // 6. "Verify a file": the downloaded master matches; another file does not.
  await brandPage.getByLabel('File to verify').setInputFiles(masterFile);
  await expect(
    brandPage.getByText('This file matches the certificate: it is the delivered master.'),
  ).toBeVisible();
  await brandPage.getByLabel('File to verify').setInputFiles(releaseFile);
  await expect(brandPage.getByText('This file does not match the certificate’s master.')).toBeVisible();
});
