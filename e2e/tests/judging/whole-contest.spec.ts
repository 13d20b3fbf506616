import { expect as baseExpect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from '../../support/accounts';
import { seedJudging } from '../../support/judging';
import { findLink, waitForEmail } from '../../support/mail';

test.describe.configure({ timeout: 240_000 });
// The machine is shared: pages may take several seconds to load their data.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Sets each criterion's slider of an entry (Home = 1, then ArrowRight) and saves with feedback. */
async function scoreEntry(page: Page, entryId: number, marks: Record<string, number>, feedback: string) {
  const form = page.getByRole('form', { name: `Score Entry ${entryId}` });
  for (const [criterion, mark] of Object.entries(marks)) {
    const slider = form.getByRole('slider', { name: `${criterion} score for Entry ${entryId}` });
    await slider.focus();
    await slider.press('Home');
    for (let i = 1; i < mark; i++) await slider.press('ArrowRight');
    await expect(slider).toHaveValue(String(mark));
  }
  await form.getByRole('textbox', { name: `Feedback for the entrant of Entry ${entryId}` }).fill(feedback);
  await form.getByRole('button', { name: /Save score|Update score/ }).click();
  await expect(form.getByText(/^Saved \d/)).toBeVisible();
}

test('two judges score, staff publish and pay, the creator sees the scorecard and the earnings', async ({
  browser,
}) => {
  const staff = await createVerifiedUser({ role: 'staff' });
  const brandJudge = await createVerifiedUser({ role: 'brand', company: 'Hbada' });
  const suffix = Date.now().toString(36);
  // Names unique to this run: other runs' winners share the payouts page.
  const winnerName = `Ines Moreau${suffix}`;
  const winner = await createVerifiedUser({ firstName: 'Ines', lastName: `Moreau${suffix}` });
  const other = await createVerifiedUser({ firstName: 'Kofi', lastName: 'Mensah' });
  const title = `Zen Chair Films ${suffix}`;
  const seeded = await seedJudging({
    title,
    brandJudgeId: brandJudge.id,
    creators: [
      { id: winner.id, email: winner.email, film: 'Morning Ritual' },
      { id: other.id, email: other.email, film: 'Desk at Dusk' },
    ],
  });
  const winnerEntry = seeded.entries[winner.id]!;
  const otherEntry = seeded.entries[other.id]!;
  const judgingUrl = `/contests/${seeded.contestId}/judging`;

  // The brand's judge scores both entries; the brand sees no ranking.
  const brandPage = await (await browser.newContext()).newPage();
  await signIn(brandPage, brandJudge);
  await brandPage.goto(judgingUrl);
  await expect(
    brandPage.getByRole('heading', { name: `Entry ${winnerEntry}: Morning Ritual v1` }),
  ).toBeVisible();
  await expect(brandPage.getByText('weight 50%').first()).toBeVisible();
  await scoreEntry(
    brandPage,
    winnerEntry,
    { Story: 9, Product: 8, Craft: 8 },
    'The chair carries the whole film.',
  );
  await scoreEntry(
    brandPage,
    otherEntry,
    { Story: 6, Product: 7, Craft: 5 },
    'Lovely colour; the story fades out.',
  );
  await expect(brandPage.getByRole('table', { name: 'Ranking' })).toHaveCount(0);

  // Staff judge too, then see the ranking and publish the places with a confirmation.
  const staffPage = await (await browser.newContext()).newPage();
  await signIn(staffPage, staff);
  await staffPage.goto(judgingUrl);
  // Staff do not see the brand judge's scores on their own sheet.
  await expect(
    staffPage.getByRole('form', { name: `Score Entry ${winnerEntry}` }).getByText('Not scored yet'),
  ).toBeVisible();
  await scoreEntry(
    staffPage,
    winnerEntry,
    { Story: 10, Product: 9, Craft: 9 },
    'Confident, simple, memorable.',
  );
  await scoreEntry(staffPage, otherEntry, { Story: 5, Product: 6, Craft: 6 }, 'Tighten the middle.');
  await staffPage.reload();
  const ranking = staffPage.getByRole('table', { name: 'Ranking' });
  await expect(ranking.getByRole('row').nth(1)).toContainText(winnerName);
  await expect(ranking.getByRole('row').nth(1)).toContainText('9.00');
  await staffPage.getByRole('textbox', { name: `Place of entry ${winnerEntry}` }).fill('1');
  await staffPage.getByRole('textbox', { name: `Prize of entry ${winnerEntry}` }).fill('5000');
  await staffPage.getByRole('button', { name: 'Publish results' }).click();
  const confirm = staffPage.getByRole('dialog', { name: 'Publish these results?' });
  await expect(confirm).toContainText(`1st: ${winnerName} — $5,000.00`);
  await confirm.getByRole('button', { name: 'Publish now' }).click();
  await expect(
    staffPage.getByText('Results published. Entrants were e-mailed their scorecards.'),
  ).toBeVisible();

  // Staff record the payout on /staff/payouts.
  await staffPage.goto('/staff/payouts');
  const owed = staffPage.getByRole('table', { name: 'Owed per creator' });
  await expect(owed.getByRole('row', { name: new RegExp(winnerName) })).toContainText('5000.00 USD');
  await staffPage.getByRole('button', { name: `Record payout to ${winnerName}` }).click();
  const dialog = staffPage.getByRole('dialog', { name: 'Record payout' });
  await dialog.getByRole('textbox', { name: 'Reference' }).fill('SEPA-E2E-0001');
  await dialog.getByRole('button', { name: 'Record payout' }).click();
  await expect(dialog).toBeHidden();
  await staffPage.getByRole('tab', { name: 'Paid' }).click();
  await expect(staffPage.getByRole('table', { name: 'Earnings' })).toContainText('SEPA-E2E-0001');

  // Every entrant is e-mailed a link to their scorecard; the winner follows it.
  const results = { subject: /\/entries\/\d+\/scorecard/, timeoutMs: 60_000 };
  const mail = await waitForEmail(winner.email, results);
  const link = findLink(mail, 'http');
  expect(link).toContain(`/entries/${winnerEntry}/scorecard`);
  await waitForEmail(other.email, results);
  const creatorPage = await (await browser.newContext()).newPage();
  await signIn(creatorPage, winner);
  await creatorPage.goto(new URL(link).pathname);
  await expect(creatorPage.getByText('1st place · $5,000.00')).toBeVisible();
  await expect(creatorPage.getByText('Rank 1 of 2')).toBeVisible();
  await expect(creatorPage.getByText('The chair carries the whole film.')).toBeVisible();
  await expect(creatorPage.getByText('Confident, simple, memorable.')).toBeVisible();
  await expect(creatorPage.getByText('Judge 1', { exact: true })).toBeVisible();
  await expect(creatorPage.getByText('Judge 2', { exact: true })).toBeVisible();

  // The Earnings Overview is computed from the ledger: earned and paid.
  await creatorPage.goto('/creator-dashboard');
  const earnings = creatorPage.getByRole('region', { name: 'Earnings Overview' });
  await expect(earnings).toContainText('Total Earnings$5,000.00');
  await expect(earnings).toContainText('Pending Payments$0.00');

  // The contest page shows the winner with the film.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/contests/${seeded.contestId}`);
  const winners = visitor.getByRole('region', { name: 'Winners' });
  await expect(winners).toContainText('Morning Ritual v1');
  await expect(winners).toContainText('1st place');
});
