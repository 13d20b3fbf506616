import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrandRole, ManagedApplication } from '@app/domain';
import { sessionStore } from '../../../lib/session';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeContest, makeSession } from '../../../testing/fixtures';
import { ContestAdminActions } from '../components/contest-admin-actions';
import { ApplicationActions } from '../components/application-cells';

const contest = makeContest({ id: 4, publication_status: 'draft' });

/** Signed in as a member of the contest's brand with `role`; the API knows the role and the brand. */
function signInAs(role: BrandRole) {
  sessionStore.set(makeSession({ role: 'brand' }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/brands/mine/'))
        return jsonResponse(200, { id: contest.brand.id, name: 'Hbada', role });
      if (url.endsWith('/api/brands/')) return jsonResponse(200, [{ id: contest.brand.id, name: 'Hbada' }]);
      return jsonResponse(404, {});
    }),
  );
}

/** Waits until the member's role has been asked and the screen has settled on it. */
async function roleKnown() {
  await vi.waitFor(() =>
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/brands/mine/', expect.anything()),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const pending = {
  id: 11,
  contest_id: 4,
  status: 'pending',
  full_name: 'Cleo Creator',
  shipment: null,
} as ManagedApplication;

describe('screens hide what the brand role may not do (issue 49)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it.each(['owner', 'manager'] as const)('%s: offered Edit on its draft contest', async (role) => {
    signInAs(role);
    renderWithProviders(<ContestAdminActions contest={contest} />);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/contests/4/edit');
    expect(screen.getByRole('link', { name: 'Applications' })).toBeInTheDocument();
  });

  it.each(['reviewer', 'viewer'] as const)(
    '%s: reads the applications, is not offered Edit',
    async (role) => {
      signInAs(role);
      renderWithProviders(<ContestAdminActions contest={contest} />);
      expect(await screen.findByRole('link', { name: 'Applications' })).toBeInTheDocument();
      await roleKnown();
      expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
      // Publishing is staff's whatever the role.
      expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    },
  );

  it.each(['owner', 'manager'] as const)('%s: selects and declines applicants', async (role) => {
    signInAs(role);
    renderWithProviders(<ApplicationActions application={pending} isStaff={false} onAct={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Select Cleo Creator' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline Cleo Creator' })).toBeInTheDocument();
  });

  it.each(['reviewer', 'viewer'] as const)('%s: offered no selection or shipping', async (role) => {
    signInAs(role);
    const shipped = { ...pending, status: 'selected' } as ManagedApplication;
    renderWithProviders(
      <>
        <ApplicationActions application={pending} isStaff={false} onAct={() => {}} />
        <ApplicationActions application={shipped} isStaff={false} onAct={() => {}} />
      </>,
    );
    await roleKnown();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
