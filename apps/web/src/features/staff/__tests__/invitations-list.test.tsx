import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { InvitationsList } from '../components/invitations-list';
import type { Invitation } from '@app/domain';

const userEvent = userEventLib.setup({ delay: null });

const invitation = (id: number, email: string, status: Invitation['status']): Invitation => ({
  id,
  email,
  role: 'staff',
  brand_id: null,
  brand_name: null,
  invited_by_email: 'boss@example.com',
  status,
  created_at: '2026-11-20T10:00:00Z',
  expires_at: '2026-11-27T10:00:00Z',
  accepted_at: status === 'accepted' ? '2026-11-21T10:00:00Z' : null,
  revoked_at: null,
});

describe('invitations list', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'staff' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('withdraws a pending invitation after a confirmation; used ones cannot be withdrawn', async () => {
    const rows = [invitation(2, 'new@example.com', 'pending'), invitation(1, 'old@example.com', 'accepted')];
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === 'POST') {
          posts.push(url);
          rows[0] = { ...rows[0]!, status: 'revoked', revoked_at: '2026-11-22T10:00:00Z' };
          return jsonResponse(200, rows[0]);
        }
        return jsonResponse(200, { count: rows.length, next: null, previous: null, results: rows });
      }),
    );
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
});
