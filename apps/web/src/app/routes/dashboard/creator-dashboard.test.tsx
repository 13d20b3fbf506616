import { cleanup, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, CREATOR_MESSAGES, MESSAGES, type CreatorProfile } from '@app/domain';
import { RequireAuth } from '../../require-auth';
import { sessionStore } from '../../../lib/session';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeCreatorProfile, makeNewCreatorProfile, makeSession } from '../../../testing/fixtures';
import CreatorDashboardPage from './creator-dashboard';

const fetchMock = vi.fn<typeof fetch>();

const responses: Record<string, () => Response> = {
  '/api/accounts/auth/creator-profile/': () => jsonResponse(200, makeNewCreatorProfile(3, 'new@example.com')),
  '/api/creator/dashboard/': () =>
    jsonResponse(200, {
      videos: [],
      running_contests: [],
      active_contests: [],
      applied_contests: [],
      past_contests: [],
    }),
  '/api/accounts/creators/stats/': () =>
    jsonResponse(200, { total_videos: 0, total_submissions: 0, contests_won: 0, contest_participations: 0 }),
  '/api/accounts/creators/earnings/': () =>
    jsonResponse(200, {
      total_earnings: '1234.50',
      recent_earnings: '0.00',
      pending_payments: '0.00',
      currency: 'USD',
    }),
};

/** /creator-dashboard as the router shows it: the page behind the creators-only guard. */
function renderDashboard() {
  renderWithProviders(
    <RequireAuth roles={['creator']}>
      <CreatorDashboardPage />
    </RequireAuth>,
    { path: '/creator-dashboard', route: '/creator-dashboard', routes: { '/login': <p>Login page</p> } },
  );
}

describe('Creator dashboard', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.set(
      makeSession({ user: { id: 3, email: 'new@example.com', first_name: '', last_name: '' } }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows a new creator as anonymous, with empty states and the completeness warning', async () => {
    fetchMock.mockImplementation(async (input) => responses[String(input)]!());
    renderDashboard();
    expect(await screen.findByRole('heading', { name: CREATOR_MESSAGES.anonymous })).toBeInTheDocument();
    expect(screen.getByText(CREATOR_MESSAGES.noBio)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.dashboard.completeProfile)).toBeInTheDocument();
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getAllByText('$0.00')).toHaveLength(2);
    expect(await screen.findByText('No running contests found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Contests' })).toHaveAttribute('href', '/contests');
    expect(screen.getByRole('button', { name: 'Upload Your First Video' })).toBeInTheDocument();
  });

  it('saves the profile and reads it back: a fresh page shows what was saved', async () => {
    const userEvent = userEventLib.setup({ delay: null });
    document.cookie = 'csrftoken=test-csrf-token-0123456789abcdefghijkl';
    // The server as the test's memory: a PATCH stores the fields, a GET answers what is stored.
    let stored: CreatorProfile = makeCreatorProfile({ id: 3 });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url !== '/api/accounts/auth/creator-profile/') return responses[url]!();
      if (init?.method === 'PATCH') {
        const body = init.body as FormData;
        const name = String(body.get('name'));
        stored = {
          ...stored,
          full_name: name,
          first_name: name.split(' ')[0]!,
          last_name: name.split(' ').slice(1).join(' '),
          profile: {
            ...stored.profile,
            bio: String(body.get('bio')),
            shipping_city: String(body.get('shipping_city')),
          },
        };
      }
      return jsonResponse(200, stored);
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    await userEvent.clear(within(dialog).getByLabelText(/Full Name/));
    await userEvent.type(within(dialog).getByLabelText(/Full Name/), 'Ada King');
    await userEvent.clear(within(dialog).getByLabelText(/Bio/));
    await userEvent.type(within(dialog).getByLabelText(/Bio/), 'Shoots chairs at dawn');
    await userEvent.clear(within(dialog).getByLabelText(/City/));
    await userEvent.type(within(dialog).getByLabelText(/City/), 'Denver');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MESSAGES.dashboard.profileUpdated)).toBeInTheDocument();

    // A fresh page (new query cache) GETs the profile again and shows the saved values.
    cleanup();
    fetchMock.mockClear();
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Ada King' })).toBeInTheDocument();
    expect(screen.getByText('Shoots chairs at dawn')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          String(url) === '/api/accounts/auth/creator-profile/' && (init?.method ?? 'GET') === 'GET',
      ),
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const reopened = screen.getByRole('dialog', { name: 'Edit Profile' });
    expect(within(reopened).getByLabelText(/Full Name/)).toHaveValue('Ada King');
    expect(within(reopened).getByLabelText(/Bio/)).toHaveValue('Shoots chairs at dawn');
    expect(within(reopened).getByLabelText(/City/)).toHaveValue('Denver');
  });

  it('says the session expired and goes to /login when the refresh fails', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/token/refresh/'
        ? jsonResponse(401, { detail: ACCOUNT_MESSAGES.invalidRefresh })
        : jsonResponse(401, { detail: 'expired' }),
    );
    renderDashboard();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.dashboard.sessionExpired)).toHaveLength(1);
    expect(sessionStore.get()).toBeNull();
  });

  it('maps a server error and shows which part failed', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/accounts/auth/creator-profile/'
        ? jsonResponse(503, { detail: 'down' })
        : responses[String(input)]!(),
    );
    renderDashboard();
    expect(await screen.findByText(MESSAGES.dashboard.loadProfileFailed)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.dashboard.serverError)).toBeInTheDocument();
  });

  it('maps a network failure', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/creator/dashboard/') throw new TypeError('Failed to fetch');
      return responses[String(input)]!();
    });
    renderDashboard();
    expect(await screen.findByText(MESSAGES.dashboard.networkError)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.dashboard.loadDashboardFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.dashboard.loadVideosFailed)).toBeInTheDocument();
  });
});
