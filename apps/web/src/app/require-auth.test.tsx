import { cleanup, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from './require-auth';
import type { Role } from '@app/domain';
import { dashboardPathFor, sessionStore } from '../lib/session';
import { renderWithProviders } from '../testing/render';
import { accessToken, jsonResponse } from '../testing/http';
import { makeSession } from '../testing/fixtures';

function LoginProbe() {
  const location = useLocation();
  return <p>login page from {(location.state as { from?: string } | null)?.from}</p>;
}

function renderGuarded(path: string, roles?: Role[], route = '/creator-dashboard') {
  return renderWithProviders(
    <RequireAuth roles={roles}>
      <p>creator dashboard</p>
    </RequireAuth>,
    {
      path,
      route,
      routes: {
        '/login': <LoginProbe />,
        '/brand-dashboard': <p>brand dashboard</p>,
        '/staff': <p>staff console</p>,
        '/creator-dashboard': <p>creator home</p>,
      },
    },
  );
}

describe('route guard (spec §4)', () => {
  beforeEach(() => sessionStore.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends an anonymous visitor to /login remembering the origin', () => {
    renderGuarded('/creator-dashboard?tab=videos');
    expect(screen.getByText('login page from /creator-dashboard?tab=videos')).toBeInTheDocument();
  });

  it('sends a wrong role to its own dashboard', () => {
    sessionStore.set(makeSession({ role: 'brand' }));
    renderGuarded('/creator-dashboard', ['creator']);
    expect(screen.getByText('brand dashboard')).toBeInTheDocument();
  });

  it.each([
    ['creator', '/creator-dashboard'],
    ['brand', '/brand-dashboard'],
    ['staff', '/staff'],
  ] as const)('a %s lands on %s after signing in', (role, home) => {
    expect(dashboardPathFor(role)).toBe(home);
  });

  it('sends staff opening a creator page to the console', () => {
    sessionStore.set(makeSession({ role: 'staff' }));
    renderGuarded('/creator-dashboard', ['creator']);
    expect(screen.getByText('staff console')).toBeInTheDocument();
  });

  it.each([
    ['creator', 'creator home'],
    ['brand', 'brand dashboard'],
  ] as const)('keeps the console staff-only: a %s goes to its own home', (role, home) => {
    sessionStore.set(makeSession({ role }));
    renderGuarded('/staff/review', ['staff'], '/staff/review');
    expect(screen.getByText(home)).toBeInTheDocument();
    expect(screen.queryByText('creator dashboard')).not.toBeInTheDocument();
  });

  it("shows 'Loading...' while an expired access token is refreshed, then the page", async () => {
    let answer!: (r: Response) => void;
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.set(makeSession({ expiresIn: -60, refresh: 'r1' }));
    renderGuarded('/creator-dashboard', ['creator']);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const fresh = accessToken(600);
    answer(jsonResponse(200, { access: fresh, refresh: '' }));
    expect(await screen.findByText('creator dashboard')).toBeInTheDocument();
    expect(sessionStore.get()?.access).toBe(fresh);
    // Issue 18 M3: the refresh token is the HttpOnly cookie; the script neither sends nor keeps one.
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/token/refresh/');
    expect(init?.body).toBe('{}');
    expect(init?.credentials).toBe('same-origin');
    expect(sessionStore.get()?.refresh).toBe('');
    expect(localStorage.getItem('session')).not.toContain(fresh);
  });

  it('goes to /login when the refresh fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, {})),
    );
    sessionStore.set(makeSession({ expiresIn: -60, refresh: 'dead' }));
    renderGuarded('/creator-dashboard');
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(sessionStore.get()).toBeNull();
  });
});
