import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from './require-auth';
import { sessionStore } from '../lib/session';

function jwt(expInSeconds: number): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expInSeconds })).replace(
    /=+$/,
    '',
  );
  return `h.${payload}.s`;
}

function LoginProbe() {
  const location = useLocation();
  return <p>login page from {(location.state as { from?: string } | null)?.from}</p>;
}

function renderGuarded(path: string, roles?: ('creator' | 'brand')[]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginProbe />} />
        <Route path="/brand-dashboard" element={<p>brand dashboard</p>} />
        <Route
          path="/creator-dashboard"
          element={
            <RequireAuth roles={roles}>
              <p>creator dashboard</p>
            </RequireAuth>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const user = { id: 1, email: 'a@example.com', first_name: '', last_name: '' };

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
    sessionStore.set({ access: jwt(600), refresh: 'r', user: { ...user, role: 'brand' } });
    renderGuarded('/creator-dashboard', ['creator']);
    expect(screen.getByText('brand dashboard')).toBeInTheDocument();
  });

  it("shows 'Loading...' while an expired access token is refreshed, then the page", async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    sessionStore.set({ access: jwt(-60), refresh: 'r1', user: { ...user, role: 'creator' } });
    renderGuarded('/creator-dashboard', ['creator']);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    answer(new Response(JSON.stringify({ access: jwt(600), refresh: 'r2' }), { status: 200 }));
    expect(await screen.findByText('creator dashboard')).toBeInTheDocument();
    expect(sessionStore.get()?.refresh).toBe('r2');
  });

  it('goes to /login when the refresh fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    sessionStore.set({ access: jwt(-60), refresh: 'dead', user: { ...user, role: 'creator' } });
    renderGuarded('/creator-dashboard');
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(sessionStore.get()).toBeNull();
  });
});
