import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { ScorecardView } from '../components/scorecard-view';
import { RankingPanel } from '../components/ranking-panel';
import type { JudgedVideo, Ranking, Scorecard } from '@app/domain';

const userEvent = userEventLib.setup({ delay: null });

// jsdom has no media elements that play; the player is not what these tests are about.
vi.mock('../../../components/video-player', () => ({ VideoPlayer: () => null }));

const video: JudgedVideo = {
  id: 7,
  title: 'Morning Ritual',
  poster_url: null,
  preview_url: null,
  playback: null,
};

const scorecard: Scorecard = {
  entry_id: 3,
  contest_id: 2,
  contest_title: 'Zen Chair Films',
  version: 1,
  video,
  published_at: '2026-11-23T12:00:00Z',
  rank: 1,
  entries_count: 4,
  rank_band: 'winner',
  rank_band_label: 'Prize winner',
  place: 1,
  prize_cents: 500_000,
  currency: 'USD',
  weighted_average: 9.2,
  judges: 2,
  criteria: [
    { criterion: 'Story', weight: 50, average: 9.5 },
    { criterion: 'Product', weight: 30, average: 8.5 },
  ],
  feedback: [
    { judge: 'Judge 1', feedback: 'The chair carries the film.' },
    { judge: 'Judge 2', feedback: 'Confident and simple.' },
  ],
};

const ranking: Ranking = {
  contest_id: 2,
  rubric: [{ name: 'Story', weight: 100 }],
  results_published_at: null,
  currency: 'USD',
  prize_cents: 500_000,
  count: 2,
  next: null,
  previous: null,
  entries: [3, 4].map((id, i) => ({
    rank: i + 1,
    tied: false,
    entry_id: id,
    creator_id: 10 + id,
    creator_name: i === 0 ? 'Ines Moreau' : 'Kofi Mensah',
    creator_email: `c${id}@example.com`,
    version: 1,
    video,
    weighted_average: i === 0 ? 9.2 : 6.1,
    judges: 2,
    spread: 0.4,
    criteria: [{ criterion: 'Story', average: 9 }],
    place: null,
    prize_cents: null,
  })),
};

describe('judging screens', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'staff' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('the scorecard shows the place, the band, each criterion and the judges by number', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, scorecard)),
    );
    renderWithProviders(<ScorecardView entryId={3} />);
    expect(await screen.findByText('1st place · $5,000.00')).toBeInTheDocument();
    expect(screen.getByText('Prize winner')).toBeInTheDocument();
    expect(screen.getByText('Rank 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Story: 9.50 out of 10' })).toBeInTheDocument();
    expect(screen.getByText('Judge 2')).toBeInTheDocument();
    expect(screen.getByText('Confident and simple.')).toBeInTheDocument();
  });

  it('before publication the scorecard says the results are not out yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(409, { code: 'results_not_published', detail: 'Not published.' })),
    );
    renderWithProviders(<ScorecardView entryId={3} />);
    expect(await screen.findByText(/not published yet/)).toBeInTheDocument();
  });

  it(
    'staff publish places and prizes only after confirming, sending cents',
    { timeout: 60_000 },
    async () => {
      const posts: unknown[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          if (init?.method === 'POST') {
            posts.push(JSON.parse(String(init.body)));
            return jsonResponse(201, {
              contest_id: 2,
              contest_title: 'x',
              published_at: 'now',
              entries_count: 2,
              winners: [],
            });
          }
          return jsonResponse(200, ranking);
        }),
      );
      renderWithProviders(<RankingPanel contestId={2} />);
      const table = await screen.findByRole('table', { name: 'Ranking' });
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Ines Moreau');
      await userEvent.click(screen.getByRole('button', { name: 'Publish results' }));
      expect(screen.getByText('Give at least one place.')).toBeInTheDocument();
      await userEvent.type(screen.getByRole('textbox', { name: 'Place of entry 3' }), '1');
      await userEvent.type(screen.getByRole('textbox', { name: 'Prize of entry 3' }), '5,000.50');
      await userEvent.click(screen.getByRole('button', { name: 'Publish results' }));
      const dialog = await screen.findByRole('dialog', { name: 'Publish these results?' });
      expect(dialog).toHaveTextContent('1st: Ines Moreau — $5,000.50');
      expect(posts).toHaveLength(0);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
      await waitFor(() =>
        expect(posts).toEqual([{ places: [{ entry_id: 3, place: 1, prize_cents: 500_050 }] }]),
      );
    },
  );

  it(
    'places typed on one page of the ranking stay on another, and all of them are published',
    { timeout: 60_000 },
    async () => {
      const posts: unknown[] = [];
      const row = ranking.entries[0]!;
      // 27 entries: page 1 holds ranks 1–25, page 2 ranks 26 and 27.
      const pageOf = (page: number): Ranking => ({
        ...ranking,
        count: 27,
        next: page === 1 ? 'http://localhost/api/contests/2/ranking/?page=2' : null,
        previous: page === 2 ? 'http://localhost/api/contests/2/ranking/?page=1' : null,
        entries: Array.from({ length: page === 1 ? 25 : 2 }, (_, i) => {
          const rank = (page - 1) * 25 + i + 1;
          return { ...row, rank, entry_id: 100 + rank, creator_name: `Creator ${rank}` };
        }),
      });
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          if (init?.method === 'POST') {
            posts.push(JSON.parse(String(init.body)));
            return jsonResponse(201, {
              contest_id: 2,
              contest_title: 'x',
              published_at: 'now',
              entries_count: 27,
              winners: [],
            });
          }
          return jsonResponse(200, pageOf(String(input).includes('page=2') ? 2 : 1));
        }),
      );
      renderWithProviders(<RankingPanel contestId={2} />);
      await userEvent.type(await screen.findByRole('textbox', { name: 'Place of entry 101' }), '1');
      await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
      await userEvent.type(await screen.findByRole('textbox', { name: 'Place of entry 127' }), '2');
      expect(screen.getByText(/27 entries · 2 places given/)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Go to page 1' }));
      expect(await screen.findByRole('textbox', { name: 'Place of entry 101' })).toHaveValue('1');
      await userEvent.click(screen.getByRole('button', { name: 'Publish results' }));
      const dialog = await screen.findByRole('dialog', { name: 'Publish these results?' });
      expect(dialog).toHaveTextContent('1st: Creator 1');
      expect(dialog).toHaveTextContent('2nd: Creator 27');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
      await waitFor(() =>
        expect(posts).toEqual([
          {
            places: [
              { entry_id: 101, place: 1, prize_cents: 0 },
              { entry_id: 127, place: 2, prize_cents: 0 },
            ],
          },
        ]),
      );
    },
  );
});
