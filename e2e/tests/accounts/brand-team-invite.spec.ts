import { expect, test } from '@playwright/test';
import { BRAND_TEAM_MESSAGES, INVITATION_PAGE_TEXTS } from '@app/domain';
import { apiLogin, demoAccount, E2E_PASSWORD, uniqueEmail } from '../../support/accounts';
import { E2E_BASE_URL } from '../../support/env';
import { findLink, waitForEmail } from '../../support/mail';

/** The demo brand's owner (every brand account from before the teams owns its brand). */
const OWNER_EMAIL = 'hbada@demo.example.com';

test('the owner invites a reviewer from the Team page; the link creates the account, which reads but may not change', async ({
  page,
  browser,
}) => {
  const reviewerEmail = uniqueEmail('reviewer');

  // The owner signs in through the form and opens the Team page from the brand dashboard.
  await page.goto('/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(OWNER_EMAIL);
  await page.getByLabel(/^Password/).fill(demoAccount(OWNER_EMAIL).password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/brand-dashboard$/);
  await expect(page.getByRole('link', { name: 'Create a contest' })).toBeVisible();
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/brand-dashboard\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByText(/Hbada · you are an owner/)).toBeVisible();

  const invite = page.getByRole('form', { name: 'Invite a teammate' });
  await invite.getByRole('textbox', { name: /^E-mail/ }).fill(reviewerEmail);
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Reviewer' }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${reviewerEmail}.`)).toBeVisible();
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  // The demo brand has a pending invitation of its own: this one is the row of the address invited.
  const invitation = pending.getByRole('listitem').filter({ hasText: reviewerEmail });
  await expect(invitation.getByText(/^Reviewer · link valid until/)).toBeVisible();

  // The e-mailed link creates the account: a new address chooses a password.
  const link = findLink(await waitForEmail(reviewerEmail), `${E2E_BASE_URL}/invitations/`);
  const invitee = await browser.newContext();
  const reviewerPage = await invitee.newPage();
  await reviewerPage.goto(link);
  const form = reviewerPage.getByRole('form', { name: INVITATION_PAGE_TEXTS.newAccount.formLabel });
  await expect(form).toContainText(`${reviewerEmail} is invited to join as a reviewer of Hbada.`);
  await reviewerPage.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await reviewerPage.getByLabel('Confirm Password', { exact: true }).fill(E2E_PASSWORD);
  await reviewerPage.getByRole('button', { name: INVITATION_PAGE_TEXTS.newAccount.submit }).click();
  await expect(reviewerPage).toHaveURL(/\/brand-dashboard$/);
  await invitee.close();

  // The owner's page shows the new member once it is reloaded.
  await page.reload();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByText(reviewerEmail)).toBeVisible();
  await expect(members.getByRole('combobox', { name: `Role of ${reviewerEmail}` })).toHaveText('Reviewer');

  // The reviewer signs in with the chosen password and sees the brand dashboard.
  const own = await browser.newContext();
  const reviewer = await own.newPage();
  await reviewer.goto('/login');
  await reviewer.getByRole('textbox', { name: /^Email/ }).fill(reviewerEmail);
  await reviewer.getByLabel(/^Password/).fill(E2E_PASSWORD);
  await reviewer.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(reviewer).toHaveURL(/\/brand-dashboard$/);
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Brand Dashboard' })).toBeVisible();
  // A reviewer does not create contests: the dashboard does not offer it (the owner's does).
  await expect(reviewer.getByRole('link', { name: 'Team' })).toBeVisible();
  await expect(reviewer.getByRole('link', { name: 'Create a contest' })).toHaveCount(0);

  // The team is readable, but no change to it is offered to a reviewer.
  await reviewer.getByRole('link', { name: 'Team' }).click();
  await expect(reviewer.getByText(/Hbada · you are a reviewer/)).toBeVisible();
  const readOnly = reviewer.getByRole('region', { name: 'Members' });
  await expect(readOnly.getByText(OWNER_EMAIL)).toBeVisible();
  await expect(readOnly.getByText(reviewerEmail)).toBeVisible();
  await expect(reviewer.getByRole('form', { name: 'Invite a teammate' })).toHaveCount(0);
  await expect(reviewer.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(reviewer.getByRole('combobox', { name: /^Role of / })).toHaveCount(0);
  await own.close();

  // A change the reviewer tries anyway is refused by its role: the brand's contest, and its team.
  const session = await apiLogin({ email: reviewerEmail, password: E2E_PASSWORD });
  const headers = { authorization: `Bearer ${session.access}`, 'content-type': 'application/json' };
  const edit = await fetch(`${E2E_BASE_URL}/api/contests/1/`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ title: 'Renamed by a reviewer' }),
  });
  expect(edit.status).toBe(403);
  expect(await edit.json()).toMatchObject({ detail: BRAND_TEAM_MESSAGES.roleForbids });
  const mine = (await (await fetch(`${E2E_BASE_URL}/api/brands/mine/`, { headers })).json()) as {
    id: number;
    role: string;
  };
  expect(mine.role).toBe('reviewer');
  const inviting = await fetch(`${E2E_BASE_URL}/api/brands/${mine.id}/members/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: uniqueEmail('friend'), role: 'owner' }),
  });
  expect(inviting.status).toBe(403);
});
