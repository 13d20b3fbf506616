import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { InvitationsList } from '../components/invitations-list';
import { UsersPanel } from '../components/users-panel';
import type { Invitation, StaffUser } from '@app/domain';

const userEvent = userEventLib.setup({ delay: null });

const invitation = (id: number, email: string, status: Invitation['status']): Invitation => ({
  id,
  email,
  role: 'staff',
  brand_id: null,
  brand_name: null,
  brand_role: null,
  invited_by_email: 'boss@example.com',
  status,
  created_at: '2026-11-20T10:00:00Z',
  expires_at: '2026-11-27T10:00:00Z',
  accepted_at: status === 'accepted' ? '2026-11-21T10:00:00Z' : null,
  revoked_at: null,
});

const account = (id: number, email: string, role: StaffUser['role']): StaffUser => ({
  id,
  email,
  role,
  first_name: '',
  last_name: '',
  is_verified: true,
  deactivated_at: null,
  brand_id: null,
  company_name: null,
  last_login_at: null,
  created_at: '2026-11-20T10:00:00Z',
});

/**
 * A console list API: GET answers `rows` as one page; a POST (the row action) is recorded in the
 * returned list and changes the first row with `act`, answering it.
 */
function stubListApi<T>(rows: T[], act: (row: T) => T): string[] {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(String(input));
        rows[0] = act(rows[0]!);
        return jsonResponse(200, rows[0]);
      }
      return jsonResponse(200, { count: rows.length, next: null, previous: null, results: rows });
    }),
  );
  return posts;
}

// The signed-in staff member is account 7 (makeSession's user).
describe('staff console lists', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'staff' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('withdraws a pending invitation after a confirmation; used ones cannot be withdrawn', async () => {
    const rows = [invitation(2, 'new@example.com', 'pending'), invitation(1, 'old@example.com', 'accepted')];
    const posts = stubListApi(rows, (row) => ({
      ...row,
      status: 'revoked' as const,
      revoked_at: '2026-11-22T10:00:00Z',
    }));
    renderWithProviders(<InvitationsList />);
    const withdraw = await screen.findByRole('button', {
      name: 'Withdraw the invitation to new@example.com',
    });
    expect(screen.queryByRole('button', { name: /old@example\.com/ })).toBeNull();
    await userEvent.click(withdraw);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this invitation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(posts).toEqual(['/api/staff/invitations/2/revoke/']));
    expect(await screen.findByText('Withdrawn')).toBeTruthy();
  });

  it('deactivates another staff account after a confirmation; never offers it for your own', async () => {
    const rows = [account(9, 'colleague@example.com', 'staff'), account(7, 'ada@example.com', 'staff')];
    const posts = stubListApi(rows, (row) => ({ ...row, deactivated_at: '2026-11-22T10:00:00Z' }));
    renderWithProviders(<UsersPanel />);
    const deactivate = await screen.findByRole('button', { name: 'Deactivate colleague@example.com' });
    expect(screen.queryByRole('button', { name: 'Deactivate ada@example.com' })).toBeNull();
    expect(screen.getByText('You')).toBeTruthy();
    await userEvent.click(deactivate);
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(posts).toEqual(['/api/staff/users/9/deactivate/']));
    expect(await screen.findByText('Deactivated')).toBeTruthy();
  }, 60_000);
});
