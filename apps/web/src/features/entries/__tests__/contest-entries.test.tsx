import { cleanup, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EntrySummary } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { ContestEntries } from '../components/contest-entries';

const userEvent = userEventLib.setup();

function entry(id: number, name: string): EntrySummary {
  return {
    id,
    contest_id: 2,
    contest_title: 'Chair film',
    creator: { id: id + 100, name },
    status: 'in_review',
    version: 1,
    video: {
      id: id + 500,
      title: `Film ${id}`,
      status: 'ready',
      failure_reason: null,
      duration: 30,
      width: 1080,
      height: 1920,
      video_codec: 'h264',
      audio_codec: null,
      frame_rate: 30,
      size_bytes: 1000,
      content_type: 'video/mp4',
      thumbnail: null,
      thumbnail_url: null,
      playback: null,
      processing: null,
      created_at: '2026-01-01T00:00:00Z',
      download_url: null,
    } as unknown as EntrySummary['video'],
    checks: [],
    notes_count: 0,
    open_notes_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

describe('Contest Submissions pages', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'staff' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows one page of entries with the total and asks for the next page', { timeout: 60_000 }, async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        urls.push(url);
        const second = url.includes('page=2');
        return jsonResponse(200, [second ? entry(21, 'Second Page') : entry(1, 'First Page')], {
          'X-Total-Count': '25',
        });
      }),
    );
    renderWithProviders(<ContestEntries contestId="2" />);
    expect(await screen.findByRole('heading', { name: 'First Page' })).toBeInTheDocument();
    expect(screen.getByText('25 entries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByRole('heading', { name: 'Second Page' })).toBeInTheDocument();
    expect(urls.some((u) => u.endsWith('/api/contests/2/entries/?page_size=20&page=2'))).toBe(true);
  });

  it("shows each entry's releases' state, and the delivery of a winner (issue 31)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          200,
          [
            { ...entry(1, 'Winner'), place: 1, releases: { approved: 2, pending: 1, rejected: 0 } },
            { ...entry(2, 'Runner'), place: null, releases: { approved: 0, pending: 0, rejected: 0 } },
          ],
          { 'X-Total-Count': '2' },
        ),
      ),
    );
    renderWithProviders(<ContestEntries contestId="2" />);
    const winner = await screen.findByRole('listitem', { name: 'Entry of Winner' });
    expect(winner).toHaveTextContent('Releases: 2 approved, 1 pending');
    expect(screen.getByRole('link', { name: 'Delivery' })).toHaveAttribute('href', '/entries/1/delivery');
    expect(screen.getByRole('listitem', { name: 'Entry of Runner' })).toHaveTextContent(
      'Releases: none filed',
    );
  });
});
