import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession, makeStaffVideo, makeStaffVideoPage as staffVideoPage } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { ALREADY_DECIDED, ReviewQueue } from '../components/review-queue';
import { REJECTION_REASONS, STAFF_MESSAGES, type StaffVideo } from '@app/domain';

const userEvent = userEventLib.setup({ delay: null });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/**
 * A fake staff API over a list of videos: GET lists the pending ones; approve/reject decide one
 * (409 when `decidedElsewhere` holds its id, and the list then shows it decided).
 */
function stubStaffApi(videos: StaffVideo[], decidedElsewhere: number[] = []) {
  const calls: Call[] = [];
  const rows = new Map(videos.map((video) => [video.id, video]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const decision = /\/api\/staff\/videos\/(\d+)\/(approve|reject)\/$/.exec(url);
      if (decision) {
        const id = Number(decision[1]);
        const row = rows.get(id)!;
        if (decidedElsewhere.includes(id)) {
          rows.set(id, { ...row, review_status: 'approved' });
          return jsonResponse(409, { detail: 'Already decided.', code: 'already_decided' });
        }
        const after = { ...row, review_status: decision[2] === 'approve' ? 'approved' : 'rejected' } as const;
        rows.set(id, after);
        return jsonResponse(200, after);
      }
      const pending = [...rows.values()].filter((row) => row.review_status === 'pending');
      return jsonResponse(200, staffVideoPage(pending));
    }),
  );
  return calls;
}

const decisions = (calls: Call[]) => calls.filter((call) => call.method === 'POST');
const cards = () => screen.getAllByTestId('review-card');

describe('review queue', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'staff' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists the waiting videos with what staff check: player, creator, file facts', async () => {
    stubStaffApi([
      makeStaffVideo(1),
      makeStaffVideo(2, {
        width: 1920,
        height: 1080,
        status: 'processing',
        processing: { stage: 'first_rendition', percent: 40 },
      }),
    ]);
    renderWithProviders(<ReviewQueue />, { path: '/staff/review' });
    const [first, second] = await screen.findAllByTestId('review-card');
    const one = within(first!);
    expect(one.getByRole('heading', { name: 'Clip 1' })).toBeInTheDocument();
    expect(one.getByText('Noor Haddad · noor1@example.com')).toBeInTheDocument();
    // The shared player (loaded on first use) with the poster.
    await waitFor(() =>
      expect(first!.querySelector('video')).toHaveAttribute('poster', '/media/videos/1/poster.jpg'),
    );
    for (const fact of ['1:15', '1080×1920', 'Vertical', 'h264 / aac', '50 MB', 'Ready'])
      expect(one.getByText(fact)).toBeInTheDocument();
    const two = within(second!);
    expect(two.getByText('Horizontal')).toBeInTheDocument();
    // Still processing: its stage and percent show, as a labelled progress bar.
    expect(two.getByText('Making the first playable version — 40%')).toBeInTheDocument();
    expect(two.getByRole('progressbar', { name: 'Making the first playable version — 40%' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(one.queryByRole('progressbar')).toBeNull();
    // Still processing: it can be rejected but not approved yet.
    expect(two.getByRole('button', { name: 'Approve Clip 2' })).toBeDisabled();
    expect(two.getByRole('button', { name: 'Reject Clip 2' })).toBeEnabled();
    expect(screen.getByText('Keyboard:')).toBeInTheDocument();
  });

  it('j/k move the focus between rows and a approves the current row, without a mouse', async () => {
    const calls = stubStaffApi([makeStaffVideo(1), makeStaffVideo(2), makeStaffVideo(3)]);
    renderWithProviders(<ReviewQueue />, { path: '/staff/review' });
    await screen.findAllByTestId('review-card');
    expect(cards()[0]).toHaveAttribute('aria-current', 'true');

    await userEvent.keyboard('j');
    expect(cards()[1]).toHaveFocus();
    await userEvent.keyboard('j');
    await userEvent.keyboard('j'); // stays on the last row
    expect(cards()[2]).toHaveFocus();
    await userEvent.keyboard('k');
    expect(cards()[1]).toHaveFocus();
    expect(cards()[1]).toHaveAttribute('aria-current', 'true');

    await userEvent.keyboard('a');
    await waitFor(() => expect(decisions(calls)).toHaveLength(1));
    expect(decisions(calls)[0]!.url).toBe('/api/staff/videos/2/approve/');
    // The queue is read again: the approved video leaves it.
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('heading', { name: 'Clip 2' })).not.toBeInTheDocument();
    // The focus moves on to the row that took its place.
    await waitFor(() => expect(cards()[1]).toHaveFocus());
    expect(within(cards()[1]!).getByRole('heading')).toHaveTextContent('Clip 3');
  });

  it('r opens the reject dialog for the current row; the reason is required and sent', async () => {
    const calls = stubStaffApi([makeStaffVideo(1), makeStaffVideo(2)]);
    renderWithProviders(<ReviewQueue />, { path: '/staff/review' });
    await screen.findAllByTestId('review-card');
    await userEvent.keyboard('j');
    await userEvent.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Clip 2”' });
    // The keys do nothing while the dialog is open (typing 'a' in it approves nothing).
    await userEvent.keyboard('a');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(STAFF_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(decisions(calls)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('radio', { name: REJECTION_REASONS[1] }));
    expect(within(dialog).getByRole('textbox', { name: /Reason shown to the creator/ })).toHaveValue(
      REJECTION_REASONS[1],
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' The audio clips.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(decisions(calls)).toHaveLength(1));
    expect(decisions(calls)[0]).toMatchObject({
      url: '/api/staff/videos/2/reject/',
      body: { reason: `${REJECTION_REASONS[1]} The audio clips.` },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('Escape closes the reject dialog without a decision and the keys work again', async () => {
    const calls = stubStaffApi([makeStaffVideo(1)]);
    renderWithProviders(<ReviewQueue />, { path: '/staff/review' });
    await screen.findAllByTestId('review-card');
    await userEvent.keyboard('r');
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.keyboard('a');
    await waitFor(() => expect(decisions(calls)).toHaveLength(1));
    expect(decisions(calls)[0]!.url).toBe('/api/staff/videos/1/approve/');
  });

  it('a decision that came second (409) says so and refreshes the row', async () => {
    stubStaffApi([makeStaffVideo(1), makeStaffVideo(2)], [1]);
    renderWithProviders(<ReviewQueue />, { path: '/staff/review' });
    await screen.findAllByTestId('review-card');
    await userEvent.keyboard('a');
    expect(await screen.findByText(ALREADY_DECIDED)).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Clip 2' })).toBeInTheDocument();
  });

  it('keys typed into a text field are text, not shortcuts', async () => {
    const calls = stubStaffApi([makeStaffVideo(1)]);
    renderWithProviders(
      <>
        <input aria-label="Notes" />
        <ReviewQueue />
      </>,
      { path: '/staff/review' },
    );
    await screen.findAllByTestId('review-card');
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'jar');
    expect(decisions(calls)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('bulk: x selects rows, and the selected rows are rejected with one reason', async () => {
    const calls = stubStaffApi([makeStaffVideo(1), makeStaffVideo(2), makeStaffVideo(3)]);
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST')
        return jsonResponse(200, {
          results: [
            { id: 1, outcome: 'decided', detail: null },
            { id: 3, outcome: 'conflict', detail: 'Already decided.' },
          ],
        });
      return jsonResponse(200, staffVideoPage([makeStaffVideo(1), makeStaffVideo(2), makeStaffVideo(3)]));
    });
    renderWithProviders(<ReviewQueue />, { path: '/staff/review' });
    await screen.findAllByTestId('review-card');
    await userEvent.keyboard('x');
    await userEvent.keyboard('j');
    await userEvent.keyboard('j');
    await userEvent.keyboard('x');
    expect(screen.getByRole('checkbox', { name: 'Select Clip 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Clip 2' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Clip 3' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 videos' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Off brief.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(decisions(calls)).toHaveLength(1));
    expect(decisions(calls)[0]).toMatchObject({
      url: '/api/staff/videos/reject/',
      body: { ids: [1, 3], reason: 'Off brief.' },
    });
    expect(
      await screen.findByText(
        'Rejected 1 video. 1 had already been decided by someone else or no longer exist.',
      ),
    ).toBeInTheDocument();
  });
});
