import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse as json } from '../../../testing/http';
import { ContestList } from '../components/contest-list';

const fetchMock = vi.fn<typeof fetch>();

function renderList() {
  renderWithProviders(<ContestList />);
}

describe('contest list (spec §2)', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows a spinner, then cards with the prize, the deadline in the contest's zone and See Details", async () => {
    fetchMock.mockResolvedValue(
      json(200, [
        {
          id: 3,
          title: 'Night Shoot',
          description: 'Film the city after dark.',
          thumbnail: null,
          prize: 5000,
          prize_cents: 500_000,
          currency: 'USD',
          deadline: '2025-08-07T06:59:00.000Z',
          timezone: 'America/Los_Angeles',
          brand: { id: 1, name: 'Hbada', slug: 'hbada', logo_url: '' },
        },
      ]),
    );
    renderList();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Night Shoot' })).toBeInTheDocument();
    expect(screen.getByText('Prize: $5,000')).toBeInTheDocument();
    // In the contest's time zone: 06:59 UTC on the 7th is still the 6th in California.
    expect(screen.getByText('Deadline: 08-06-2025')).toBeInTheDocument();
    expect(screen.getByTestId('contest-thumbnail-placeholder')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Details: Night Shoot' })).toHaveAttribute(
      'href',
      '/contests/3',
    );
  });

  it("says 'No active contests at the moment' when there are none", async () => {
    fetchMock.mockResolvedValue(json(200, []));
    renderList();
    expect(await screen.findByText(MESSAGES.contests.noneActive)).toBeInTheDocument();
  });

  it("says 'Failed to load contests' when the call fails", async () => {
    fetchMock.mockResolvedValue(json(500, { detail: 'Server error.' }));
    renderList();
    expect(await screen.findByText(MESSAGES.contests.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
