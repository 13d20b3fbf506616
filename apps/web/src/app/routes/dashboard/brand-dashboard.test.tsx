import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrandRole } from '@app/domain';
import { sessionStore } from '../../../lib/session';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import BrandDashboardPage from './brand-dashboard';

/** The dashboard of a brand member with `role` (no contests yet). */
function renderAs(role: BrandRole | 'staff') {
  sessionStore.set(makeSession({ role: role === 'staff' ? 'staff' : 'brand' }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/brands/mine/')
        ? jsonResponse(200, { id: 1, name: 'Hbada', role })
        : jsonResponse(200, []),
    ),
  );
  renderWithProviders(<BrandDashboardPage />);
}

describe('the brand dashboard offers what the member’s role allows (issue 49)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it.each(['owner', 'manager'] as const)(
    'an owner or a manager (%s) may create a contest and open the team',
    async (role) => {
      renderAs(role);
      // The header's, and the empty list's.
      const create = await screen.findAllByRole('link', { name: 'Create a contest' });
      expect(create).toHaveLength(2);
      for (const link of create) expect(link).toHaveAttribute('href', '/contests/create');
      expect(screen.getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/brand-dashboard/team');
    },
  );

  it.each(['reviewer', 'viewer'] as const)(
    'a reviewer or a viewer (%s) opens the team but is not offered a new contest',
    async (role) => {
      renderAs(role);
      expect(await screen.findByRole('link', { name: 'Team' })).toBeInTheDocument();
      await vi.waitFor(() =>
        expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/brands/mine/', expect.anything()),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('link', { name: 'Create a contest' })).not.toBeInTheDocument();
    },
  );

  it('staff create contests for any brand and have no team of their own', async () => {
    renderAs('staff');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Create a contest' })).toHaveLength(2));
    expect(screen.queryByRole('link', { name: 'Team' })).not.toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).endsWith('/api/brands/mine/'))).toBe(
      false,
    );
  });
});
