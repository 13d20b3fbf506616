import { expect, test } from '@playwright/test';
import { createVerifiedUser, demoAccount, signIn, type E2EUser } from '../../support/accounts';
import { apiAs, createEntryContest, VERTICAL_BRIEF } from '../../support/entries';

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

interface Round {
  id: number;
  kind: string;
  rubric: unknown[];
  [field: string]: unknown;
}

/** The contest's rounds: an idea round (its window from `ideaOpens` to `ideaCloses`), then a film round. */
function roundsBody(rubric: unknown[], ideaCloses: number, ids: number[] = []) {
  return {
    rounds: [
      {
        ...(ids[0] ? { id: ids[0] } : {}),
        kind: 'idea',
        title: 'Ideas',
        brief: 'One paragraph.',
        opens_at: at(-48 * HOUR),
        closes_at: at(ideaCloses),
        judging_ends_at: at(ideaCloses + 2 * 60_000),
        entry_policy: 'open',
        allow_wildcards: false,
        advance_count: 2,
        stipend_cents: 15_000,
        rubric,
      },
      {
        ...(ids[1] ? { id: ids[1] } : {}),
        kind: 'film',
        title: 'Films',
        brief: 'Shoot it.',
        opens_at: at(ideaCloses + 3 * 60_000),
        closes_at: at(14 * 24 * HOUR),
        judging_ends_at: at(21 * 24 * HOUR),
        entry_policy: 'advanced',
        allow_wildcards: true,
        advance_count: 0,
        stipend_cents: 0,
        rubric,
      },
    ],
  };
}

test('staff advance two creators from an idea round; stipends show on both dashboards; a third is offered a wildcard entry', async ({
  page,
}) => {
  const contest = await createEntryContest(VERTICAL_BRIEF);
  const staff = demoAccount('staff@demo.example.com');
  const asStaff = await apiAs(staff);
  const first = await asStaff<Round[]>('GET', `/contests/${contest.id}/rounds/`);
  const rubric = first.body[0]!.rubric;
  const opened = await asStaff<Round[]>('PUT', `/contests/${contest.id}/rounds/`, roundsBody(rubric, HOUR));
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const ideaRound = opened.body[0]!;

  const creators: E2EUser[] = [];
  for (const name of ['Ada', 'Bea', 'Cy']) {
    const creator = await createVerifiedUser({ firstName: name, lastName: 'Rounds' });
    creators.push(creator);
    const asCreator = await apiAs(creator);
    const agreement = await asCreator<{ sha256: string }>('GET', `/contests/${contest.id}/agreement/`);
    const entered = await asCreator('POST', `/rounds/${ideaRound.id}/entries/`, {
      title: `${name}'s idea`,
      text: 'A story that only happens after dark.',
      agreement_sha256: agreement.body.sha256,
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
  }
  // The idea round closes (staff move its window, as after publication).
  const ids = opened.body.map((r) => r.id);
  const closed = await asStaff(
    'PUT',
    `/contests/${contest.id}/rounds/`,
    roundsBody(rubric, -10 * 60_000, ids),
  );
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);

  await signIn(page, staff);
  await page.goto(`/contests/${contest.id}/judging`);
  await page.getByRole('tab', { name: /Round 1 · Idea/ }).click();
  await page.getByRole('button', { name: 'Advance creators' }).click();
  const dialog = page.getByRole('dialog', { name: 'Advance from Ideas' });
  await expect(dialog.getByText('2 creators to advance · stipends $300.00 in total')).toBeVisible();
  await dialog.getByRole('button', { name: 'Advance 2' }).click();
  await expect(page.getByText(/2 creators advanced/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Ranking' }).getByText('Advanced')).toHaveCount(2);

  await page.goto('/staff/payouts');
  await expect(page.getByRole('cell', { name: 'Round stipend' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Round stipend' })).toHaveCount(2);

  // The advanced creators: the stipend is pending on their dashboard, the contest marked Advanced.
  const ranked = await asStaff<{ entries: Array<{ creator_id: number; advanced?: boolean }> }>(
    'GET',
    `/rounds/${ideaRound.id}/ranking/`,
  );
  const advancedIds = new Set(ranked.body.entries.filter((e) => e.advanced).map((e) => e.creator_id));
  const advanced = creators.find((c) => advancedIds.has(c.id))!;
  const wildcard = creators.find((c) => !advancedIds.has(c.id))!;
  const creatorPage = await page.context().browser()!.newPage();
  await signIn(creatorPage, advanced);
  await creatorPage.goto('/creator-dashboard');
  const earnings = creatorPage.getByRole('region', { name: 'Earnings Overview' });
  await expect(earnings.getByText('Pending Payments').locator('..')).toContainText('$150.00');
  await creatorPage.getByRole('tab', { name: 'Applied' }).click();
  const applied = creatorPage.getByRole('table', { name: 'Applied contests' });
  await expect(applied.getByText('Round 2 · Film')).toBeVisible();
  await expect(applied.getByText('Advanced', { exact: true })).toBeVisible();
  await creatorPage.close();

  // The film round is not open yet; once it is, the third creator enters as a wildcard.
  const filmOpen = await asStaff('PUT', `/contests/${contest.id}/rounds/`, {
    rounds: roundsBody(rubric, -10 * 60_000, ids).rounds.map((r, i) =>
      i === 0 ? { ...r, judging_ends_at: at(-5 * 60_000) } : { ...r, opens_at: at(-60_000) },
    ),
  });
  expect(filmOpen.status, JSON.stringify(filmOpen.body)).toBe(200);
  const wildPage = await page.context().browser()!.newPage();
  await signIn(wildPage, wildcard);
  await wildPage.goto(`/contests/${contest.id}/submit`);
  await expect(wildPage.getByRole('heading', { name: 'Submit Video' })).toBeVisible();
  await expect(wildPage.getByText('Enter as a wildcard')).toBeVisible();
  await wildPage.close();
});
