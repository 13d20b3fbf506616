import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsProvider } from '../../../components/notifications';
import { RequireAuth } from '../../../app/require-auth';
import { sessionStore } from '../../../lib/session';
import { CreatorDashboard } from './creator-dashboard';

const fetchMock = vi.fn<typeof fetch>();

/** An access token the guard takes as fresh (it only reads `exp`). */
function accessToken() {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const newProfile = {
  id: 3,
  full_name: '',
  first_name: '',
  last_name: '',
  email: 'new@example.com',
  pending_email: null,
  phone_number: '',
  profile: {
    bio: '',
    address: '',
    gender: '',
    website: '',
    linkedin: '',
    twitter: '',
    youtube_url: '',
    portfolio_url: '',
    instagram_url: '',
    facebook_url: '',
    shipping_address_line1: '',
    shipping_address_line2: '',
    shipping_city: '',
    shipping_state: '',
    shipping_postal_code: '',
    shipping_country: '',
    profilePicture: '',
    phoneNumber: '',
    contest_participations: 0,
    contests_wins: 0,
    shipping_address: { line1: '', line2: '', city: '', state: '', postal: '', country: '' },
  },
};

const responses: Record<string, () => Response> = {
  '/api/accounts/auth/creator-profile/': () => json(200, newProfile),
  '/api/creator/dashboard/': () =>
    json(200, {
      videos: [],
      running_contests: [],
      active_contests: [],
      applied_contests: [],
      past_contests: [],
    }),
  '/api/accounts/creators/stats/': () =>
    json(200, { total_videos: 0, total_submissions: 0, contests_won: 0, contest_participations: 0 }),
  '/api/accounts/creators/earnings/': () =>
    json(200, {
      total_earnings: '1234.50',
      recent_earnings: '0.00',
      pending_payments: '0.00',
      currency: 'USD',
    }),
};

function renderDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>
        <MemoryRouter initialEntries={['/creator-dashboard']}>
          <Routes>
            <Route
              path="/creator-dashboard"
              element={
                <RequireAuth roles={['creator']}>
                  <CreatorDashboard onUploadVideo={() => {}} />
                </RequireAuth>
              }
            />
            <Route path="/login" element={<p>Login page</p>} />
          </Routes>
        </MemoryRouter>
      </NotificationsProvider>
    </QueryClientProvider>,
  );
}

describe('Creator dashboard', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.set({
      access: accessToken(),
      refresh: 'r',
      user: { id: 3, email: 'new@example.com', role: 'creator', first_name: '', last_name: '' },
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows a new creator as anonymous, with empty states and the completeness warning', async () => {
    fetchMock.mockImplementation(async (input) => responses[String(input)]!());
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Anonymous Creator' })).toBeInTheDocument();
    expect(screen.getByText('No bio provided')).toBeInTheDocument();
    expect(await screen.findByText('Please complete your profile')).toBeInTheDocument();
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getAllByText('$0.00')).toHaveLength(2);
    expect(await screen.findByText('No running contests found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Contests' })).toHaveAttribute('href', '/contests');
    expect(screen.getByRole('button', { name: 'Upload Your First Video' })).toBeInTheDocument();
  });

  it('says the session expired and goes to /login when the refresh fails', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/token/refresh/'
        ? json(401, { detail: 'Token is invalid or expired' })
        : json(401, { detail: 'expired' }),
    );
    renderDashboard();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.getAllByText('Your session has expired. Please log in again.')).toHaveLength(1);
    expect(sessionStore.get()).toBeNull();
  });

  it('maps a server error and shows which part failed', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/accounts/auth/creator-profile/'
        ? json(503, { detail: 'down' })
        : responses[String(input)]!(),
    );
    renderDashboard();
    expect(await screen.findByText('Failed to load profile data')).toBeInTheDocument();
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument();
  });

  it('maps a network failure', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/creator/dashboard/') throw new TypeError('Failed to fetch');
      return responses[String(input)]!();
    });
    renderDashboard();
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
    expect(screen.getByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.getByText('Failed to load your videos')).toBeInTheDocument();
  });
});
