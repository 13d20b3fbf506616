import { cleanup, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from './require-auth';
import { sessionStore } from '../lib/session';
import { renderWithProviders } from '../testing/render';
import { accessToken, jsonResponse } from '../testing/http';
import { makeSession } from '../testing/fixtures';

function LoginProbe() {
  const location = useLocation();
  return <p>login page from {(location.state as { from?: string } | null)?.from}</p>;
}

function renderGuarded(path: string, roles?: ('creator' | 'brand')[]) {
  return renderWithProviders(
    <RequireAuth roles={roles}>
      <p>creator dashboard</p>
    </RequireAuth>,
    {
      path,
      route: '/creator-dashboard',
      routes: { '/login': <LoginProbe />, '/brand-dashboard': <p>brand dashboard</p> },
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

  it("shows 'Loading...' while an expired access token is refreshed, then the page", async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    sessionStore.set(makeSession({ expiresIn: -60, refresh: 'r1' }));
    renderGuarded('/creator-dashboard', ['creator']);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    answer(jsonResponse(200, { access: accessToken(600), refresh: 'r2' }));
    expect(await screen.findByText('creator dashboard')).toBeInTheDocument();
    expect(sessionStore.get()?.refresh).toBe('r2');
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
