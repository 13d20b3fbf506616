import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADVANCE_MESSAGES, type Ranking, type RoundResponse } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { RoundRankingPanel } from '../components/round-ranking-panel';

const userEvent = userEventLib.setup({ delay: null });

const round: RoundResponse = {
  id: 41,
  position: 1,
  kind: 'idea',
  title: 'Ideas',
  brief: '',
  opens_at: '2026-11-01T00:00:00Z',
  closes_at: '2026-11-20T00:00:00Z',
  judging_ends_at: '2026-11-27T00:00:00Z',
  entry_policy: 'open',
  allow_wildcards: false,
  advance_count: 2,
  stipend_cents: 25_000,
  currency: 'USD',
  rubric: [{ name: 'Idea', weight: 100 }],
  status: 'judging',
};

const names = ['Ines Moreau', 'Kofi Mensah', 'Sana Iqbal', 'Leo Park'];
function ranking(advanced: number[] = []): Ranking {
  return {
    contest_id: 2,
    round_id: 41,
    rubric: round.rubric,
    results_published_at: null,
    currency: 'USD',
    prize_cents: 0,
    count: names.length,
    next: null,
    previous: null,
    entries: names.map((name, i) => ({
      rank: i + 1,
      tied: false,
      entry_id: 10 + i,
      creator_id: 20 + i,
      creator_name: name,
      creator_email: `c${i}@example.com`,
      version: 1,
      video: null,
      title: `Idea ${i + 1}`,
      text: 'An idea.',
      wildcard: i === 2,
      advanced: advanced.includes(10 + i),
      weighted_average: 9 - i,
      judges: 2,
      spread: 0.5,
      criteria: [{ criterion: 'Idea', average: 9 - i }],
      place: null,
      prize_cents: null,
    })),
  };
}

describe('Advance dialog', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'staff' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('pre-checks the top advance_count, states the stipend total and advances the chosen entries', async () => {
    const posts: unknown[] = [];
    let advanced: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url === '/api/rounds/41/advance/' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { entry_ids: number[] };
          posts.push(body);
          advanced = body.entry_ids;
          return jsonResponse(200, {
            advanced: body.entry_ids.map((id) => ({ entry_id: id, creator_id: id + 10 })),
            stipends: [{ earning_id: 1, amount_cents: 25_000 }],
          });
        }
        if (url.startsWith('/api/rounds/41/ranking/')) return jsonResponse(200, ranking(advanced));
        return jsonResponse(404, { code: 'not_found', detail: 'Not found.' });
      }),
    );
    renderWithProviders(<RoundRankingPanel contestId={2} round={round} canAdvance />);
    const table = await screen.findByRole('table', { name: 'Ranking' });
    // An earlier round gives no places: no place or prize fields.
    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(table).getByText('Wildcard')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Advance creators' }));
    const dialog = await screen.findByRole('dialog', { name: 'Advance from Ideas' });
    const box = (name: string) => within(dialog).getByRole('checkbox', { name: new RegExp(name) });
    expect(box('Ines Moreau')).toBeChecked();
    expect(box('Kofi Mensah')).toBeChecked();
    expect(box('Sana Iqbal')).not.toBeChecked();
    expect(within(dialog).getByText('2 creators to advance · stipends $500.00 in total')).toBeInTheDocument();

    // A wildcard earns no stipend: the total stays.
    await userEvent.click(box('Sana Iqbal'));
    expect(within(dialog).getByText('3 creators to advance · stipends $500.00 in total')).toBeInTheDocument();
    await userEvent.click(box('Sana Iqbal'));
    await userEvent.click(box('Kofi Mensah'));
    expect(within(dialog).getByText('1 creator to advance · stipends $250.00 in total')).toBeInTheDocument();
    await userEvent.click(box('Kofi Mensah'));
    expect(posts).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Advance 2' }));
    await waitFor(() => expect(posts).toEqual([{ entry_ids: [10, 11] }]));
    expect(await screen.findByText(/2 creators advanced/)).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByText('Advanced')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the API's refusal in its words and leaves advanced entries unchecked", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? jsonResponse(409, { code: 'already_advanced', detail: ADVANCE_MESSAGES.alreadyAdvanced })
          : jsonResponse(200, ranking([10])),
      ),
    );
    renderWithProviders(<RoundRankingPanel contestId={2} round={round} canAdvance />);
    await userEvent.click(await screen.findByRole('button', { name: 'Advance creators' }));
    const dialog = await screen.findByRole('dialog');
    // Ines advanced already: the next two are pre-checked.
    expect(within(dialog).getByRole('checkbox', { name: /Ines Moreau/ })).toBeDisabled();
    expect(within(dialog).getByText(/2 creators to advance/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Advance 2' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ADVANCE_MESSAGES.alreadyAdvanced);
  });

  it('offers no Advance to whom may not, nor before the round closes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, ranking())),
    );
    renderWithProviders(<RoundRankingPanel contestId={2} round={round} canAdvance={false} />);
    await screen.findByRole('table', { name: 'Ranking' });
    expect(screen.queryByRole('button', { name: 'Advance creators' })).not.toBeInTheDocument();
    cleanup();
    renderWithProviders(<RoundRankingPanel contestId={2} round={{ ...round, status: 'open' }} canAdvance />);
    expect(await screen.findByRole('button', { name: 'Advance creators' })).toBeDisabled();
  });
});
