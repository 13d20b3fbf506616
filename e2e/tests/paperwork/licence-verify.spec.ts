import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/env';
import { apiAs, placedWinner } from '../../support/entries';

test.describe.configure({ timeout: 300_000 });
// The machine is shared: pages may take several seconds to load their data.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Issue 51: anyone holding a licence certificate follows its verification link, without signing
 * in, sees that the licence is valid with its terms, and checks a file against the licensed
 * master (hashed in the browser): the master matches, another file does not.
 */
test('a visitor verifies a certificate’s licence and file on the public page', async ({ browser }) => {
  const { brand, clip, entryId } = await placedWinner('Licensed desk');

  // The brand downloads the certificate; its verification link is printed on it.
  const asBrand = await apiAs(brand);
  const delivery = await asBrand<{ certificate_url: string }>('GET', `/entries/${entryId}/delivery/`);
  expect(delivery.status).toBe(200);
  const pdf = Buffer.from(
    await (await fetch(`${E2E_BASE_URL}${delivery.body.certificate_url}`)).arrayBuffer(),
  );
  const work = mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-licence-'));
  const certificate = path.join(work, 'certificate.pdf');
  writeFileSync(certificate, pdf);
  const text = execFileSync('pdftotext', [certificate, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  const link = /Verify at: (\S+\/licences\/(lic_[a-z2-7]{26}))/.exec(text);
  expect(link, text).not.toBeNull();
  const licenceId = link![2]!;
  expect(text).toContain(`Licence id: ${licenceId}`);

  // A visitor (no session) opens the link.
  const page = await (await browser.newContext()).newPage();
  await page.goto(new URL(link![1]!).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a licence' })).toBeVisible();
  await expect(page.getByText('This licence is valid.')).toBeVisible();
  const terms = page.getByRole('region', { name: 'Terms' });
  await expect(terms.getByText('Organic social, Paid social, Web')).toBeVisible();
  await expect(terms.getByText('Worldwide')).toBeVisible();
  await expect(terms.getByText('Licensed desk', { exact: false })).toBeVisible();

  // The master matches; another file does not.
  await page.getByLabel('File to verify').setInputFiles(clip);
  await expect(page.getByText('This file matches the licence: it is the licensed master.')).toBeVisible();
  const other = path.join(work, 'other.mp4');
  writeFileSync(other, 'not the master');
  await page.getByLabel('File to verify').setInputFiles(other);
  await expect(page.getByText('This file does not match the licensed master.')).toBeVisible();

  // An id no licence has.
  await page.goto('/licences/lic_aaaaaaaaaaaaaaaaaaaaaaaaaa');
  await expect(page.getByText('There is no licence with this id.')).toBeVisible();
});
