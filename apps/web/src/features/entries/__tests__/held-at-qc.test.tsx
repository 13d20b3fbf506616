import { cleanup, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QcRefusal } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { HeldAtQc } from '../components/held-at-qc';

const userEvent = userEventLib.setup();

const held: QcRefusal = {
  contest_id: 3,
  video_id: 41,
  video_title: 'Silent street',
  creator: { id: 9, name: 'Sol Quiet' },
  checks: ['audio', 'loudness'],
  refused_at: '2026-11-29T22:00:00Z',
};

/** GET answers the held list (empty once let through); POST answers `status`; records the POST bodies. */
function stubApi(status: number) {
  const posts: unknown[] = [];
  let list = [held];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        if (status !== 201) return jsonResponse(status, { code: 'not_found', detail: 'Not found.' });
        list = [];
        return jsonResponse(201, {
          entry_id: null,
          contest_id: 3,
          video_id: 41,
          reason: 'x',
          created_at: '2026-11-29T22:05:00Z',
        });
      }
      return jsonResponse(200, list);
    }),
  );
  return posts;
}

describe('Contest Submissions: held at the technical check (issue 51)', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'staff' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists each held video with its creator and failed checks; the reason follows the API rule', async () => {
    const posts = stubApi(201);
    renderWithProviders(<HeldAtQc contestId="3" renderReport={() => <p>The report</p>} />);
    const card = await screen.findByRole('listitem', { name: 'Silent street by Sol Quiet' });
    expect(within(card).getByText('Sound')).toBeInTheDocument();
    expect(within(card).getByText('Loudness')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Silent street' })).toHaveAttribute('href', '/video/41');
    await userEvent.click(within(card).getByRole('button', { name: 'Show the technical check' }));
    expect(within(card).getByText('The report')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Let it through' }));
    const dialog = screen.getByRole('dialog', { name: 'Let “Silent street” through' });
    await userEvent.type(within(dialog).getByLabelText(/Why it may go through/), 'ok');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Let it through' }));
    expect(await within(dialog).findByText('Say why, in 3 to 500 characters.')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Why it may go through/), ' — silent on purpose');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Let it through' }));
    expect(
      await screen.findByText('“Silent street” is let through: Sol Quiet can submit it again now.'),
    ).toBeInTheDocument();
    expect(posts).toEqual([{ video_id: 41, reason: 'ok — silent on purpose' }]);
  });

  it('says so when the submission is no longer held', async () => {
    stubApi(404);
    renderWithProviders(<HeldAtQc contestId="3" renderReport={() => null} />);
    const card = await screen.findByRole('listitem', { name: 'Silent street by Sol Quiet' });
    await userEvent.click(within(card).getByRole('button', { name: 'Let it through' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Why it may go through/), 'Intended silence');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Let it through' }));
    expect(
      await within(dialog).findByText(
        'This submission is no longer held: it was let through or entered already.',
      ),
    ).toBeInTheDocument();
  });

  it('shows nothing while nothing is held', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, [])),
    );
    const api = vi.fn(async () => jsonResponse(200, []));
    vi.stubGlobal('fetch', api);
    renderWithProviders(<HeldAtQc contestId="3" renderReport={() => null} />);
    await vi.waitFor(() => expect(api).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Held at the technical check' })).not.toBeInTheDocument();
  });
});
