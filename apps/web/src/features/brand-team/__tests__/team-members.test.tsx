import { cleanup, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { TeamMembers } from '../components/team-members';
import { BRAND_TEAM_MESSAGES, type BrandMember } from '@app/domain';

const userEvent = userEventLib.setup({ delay: null });

const TEAM: BrandMember[] = [
  {
    user_id: 3,
    name: 'Olive Owner',
    email: 'olive@example.com',
    role: 'owner',
    status: 'active',
    invitation_id: null,
    expires_at: null,
  },
  {
    user_id: 4,
    name: 'Rita Reviewer',
    email: 'rita@example.com',
    role: 'reviewer',
    status: 'active',
    invitation_id: null,
    expires_at: null,
  },
  {
    user_id: null,
    name: 'new@example.com',
    email: 'new@example.com',
    role: 'viewer',
    status: 'invited',
    invitation_id: 9,
    expires_at: '2026-12-06T10:00:00Z',
  },
];

/** The team API: GET answers TEAM; every change is recorded, and `refuse` answers it with an error. */
function stubTeamApi(refuse?: { status: number; code: string; detail: string }) {
  const changes: Array<{ method: string; url: string; body?: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return jsonResponse(200, TEAM);
      changes.push({ method, url: String(input), body: init?.body as string | undefined });
      if (refuse) return jsonResponse(refuse.status, { detail: refuse.detail, code: refuse.code });
      return method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(200, TEAM[1]);
    }),
  );
  return changes;
}

describe('the brand team page (issue 49)', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'brand' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows a member of another role the team and the pending invitations, with no controls', async () => {
    stubTeamApi();
    renderWithProviders(<TeamMembers brandId={1} canManage={false} />);
    expect(await screen.findByText('Rita Reviewer')).toBeInTheDocument();
    expect(screen.getByText('Reviewer')).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
  });

  it('an owner resends an invitation and removes a member after a confirmation', async () => {
    const changes = stubTeamApi();
    renderWithProviders(<TeamMembers brandId={1} canManage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Resend the invitation to new@example.com' }),
    );
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({ method: 'POST', url: '/api/brands/1/invitations/9/resend/' });

    await userEvent.click(screen.getByRole('button', { name: 'Remove Rita Reviewer from the team' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(changes).toHaveLength(2));
    expect(changes[1]).toMatchObject({ method: 'DELETE', url: '/api/brands/1/members/4/' });
  });

  it('an owner’s role menu shows the current role: choosing it again sends nothing, another role is sent', async () => {
    const changes = stubTeamApi();
    renderWithProviders(<TeamMembers brandId={1} canManage />);
    const menu = await screen.findByRole('combobox', { name: 'Role of Rita Reviewer' });
    expect(menu).toHaveTextContent('Reviewer');
    await userEvent.click(menu);
    expect(await screen.findByRole('option', { name: 'Reviewer' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Reviewer' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Role of Rita Reviewer' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Manager' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({ method: 'PATCH', url: '/api/brands/1/members/4/' });
    expect(JSON.parse(changes[0]!.body!)).toEqual({ role: 'manager' });
  });

  it('tells the owner why the last owner cannot be removed', async () => {
    stubTeamApi({ status: 409, code: 'last_owner', detail: BRAND_TEAM_MESSAGES.lastOwner });
    renderWithProviders(<TeamMembers brandId={1} canManage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Olive Owner from the team' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(BRAND_TEAM_MESSAGES.lastOwner)).toBeInTheDocument();
  });
});
