import { cleanup, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUND_ENTRY_MESSAGES, type Entry, type RoundResponse } from '@app/domain';
import { sessionStore } from '../../../lib/session';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeAgreement, makeContest, makeSession } from '../../../testing/fixtures';
import { SubmitEntry } from '../components/submit-entry';

const fetchMock = vi.fn<typeof fetch>();
const userEvent = userEventLib.setup({ delay: null });
const accepted = { version: 1, sha256: 'a'.repeat(64), accepted_at: '2026-07-01T17:00:00Z' };

function makeRound(overrides: Partial<RoundResponse> = {}): RoundResponse {
  return {
    id: 41,
    position: 1,
    kind: 'idea',
    title: 'Ideas',
    brief: 'One idea for a night-time chair film.',
    opens_at: '2026-11-01T00:00:00Z',
    closes_at: '2026-12-20T00:00:00Z',
    judging_ends_at: '2026-12-27T00:00:00Z',
    entry_policy: 'open',
    allow_wildcards: false,
    advance_count: 3,
    stipend_cents: 25_000,
    currency: 'USD',
    rubric: [],
    status: 'open',
    ...overrides,
  };
}

const landscape = {
  id: 1,
  title: 'Pitch cut',
  status: 'ready',
  duration: 75,
  width: 1920,
  height: 1080,
  content_type: 'video/mp4',
};

/** The API's answers to the submit page; `post` answers the round's entry. */
function answer(post: (body: Record<string, unknown>) => Response, videos: unknown[] = []) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/rounds/41/entries/') && init?.method === 'POST')
      return post(JSON.parse(String(init.body)) as Record<string, unknown>);
    if (url.includes('/entries/mine/')) return jsonResponse(200, null);
    if (url.includes('/entries/eligibility/'))
      return jsonResponse(200, { can_submit: false, reason: 'not_applied', application_status: null });
    if (url.includes('/agreement/')) return jsonResponse(200, makeAgreement({ accepted }));
    if (url.startsWith('/api/videos/videos/'))
      return jsonResponse(200, { count: videos.length, next: null, previous: null, results: videos });
    return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
}

describe('Submit page of an idea round', { timeout: 30_000 }, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.set(makeSession());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('asks for a title and the text, counts its characters and posts them to the round', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    answer((body) => {
      bodies.push(body);
      return jsonResponse(201, {
        id: 9,
        round_id: 41,
        wildcard: false,
        version: 1,
        status: 'submitted',
        video: null,
        title: body.title,
        text: body.text,
        checks: [],
        timeline: [],
      } as unknown as Entry);
    });
    renderWithProviders(
      <SubmitEntry contest={makeContest()} round={makeRound()} advanced={false} renderUpload={() => null} />,
    );
    // An open round: the contest's applications do not decide, and no video is asked for.
    const submit = await screen.findByRole('button', { name: 'Submit your idea' });
    expect(screen.queryByRole('button', { name: 'Upload a video' })).not.toBeInTheDocument();
    expect(screen.getByText('0 / 2,000 characters')).toBeInTheDocument();
    // The agreement accepted before: the idea may be sent once it is known.
    await waitFor(() => expect(submit).toBeEnabled());

    await userEvent.click(submit);
    expect(await screen.findByText(ROUND_ENTRY_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(ROUND_ENTRY_MESSAGES.textRequired)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'The chair that glows');
    const text = screen.getByRole('textbox', { name: 'Your idea' });
    await userEvent.click(text);
    await userEvent.paste('x'.repeat(2_001));
    expect(screen.getByText('2,001 / 2,000 characters')).toBeInTheDocument();
    await userEvent.click(submit);
    expect(await screen.findByText(ROUND_ENTRY_MESSAGES.textTooLong)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await userEvent.clear(text);
    await userEvent.type(text, 'A night walk, lit by the chair.');
    expect(screen.getByText('31 / 2,000 characters')).toBeInTheDocument();
    await userEvent.click(submit);
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          title: 'The chair that glows',
          text: 'A night walk, lit by the chair.',
          agreement_sha256: makeAgreement().sha256,
        },
      ]),
    );
    expect(await screen.findByText(/Version 1 submitted/)).toBeInTheDocument();
    expect(screen.getByText(/“The chair that glows”/)).toBeInTheDocument();
  });

  it("shows a refusal in the API's words (not_advanced)", async () => {
    answer(() => jsonResponse(403, { code: 'not_advanced', detail: ROUND_ENTRY_MESSAGES.notAdvanced }));
    renderWithProviders(
      <SubmitEntry
        contest={makeContest()}
        round={makeRound({ position: 2, entry_policy: 'advanced', allow_wildcards: true })}
        advanced={false}
        renderUpload={() => null}
      />,
    );
    // Not advanced, wildcards welcome: the round may be entered as a wildcard.
    expect(await screen.findByText('Enter as a wildcard')).toBeInTheDocument();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Late idea');
    await userEvent.type(screen.getByRole('textbox', { name: 'Your idea' }), 'Still worth a look.');
    const submit = screen.getByRole('button', { name: 'Submit your idea' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText(ROUND_ENTRY_MESSAGES.notAdvanced)).toBeInTheDocument();
  });

  it('a round for advanced creators without wildcards, or a closed one, offers no form', async () => {
    answer(() => jsonResponse(500, {}));
    renderWithProviders(
      <SubmitEntry
        contest={makeContest()}
        round={makeRound({ position: 2, entry_policy: 'advanced' })}
        advanced={false}
        renderUpload={() => null}
      />,
    );
    expect(await screen.findByText(ROUND_ENTRY_MESSAGES.notAdvanced)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit your idea' })).not.toBeInTheDocument();
    cleanup();
    renderWithProviders(
      <SubmitEntry
        contest={makeContest()}
        round={makeRound({ status: 'judging' })}
        renderUpload={() => null}
      />,
    );
    expect(await screen.findByText(ROUND_ENTRY_MESSAGES.roundClosed)).toBeInTheDocument();
  });

  it("a pitch is a video of up to 90 seconds, not held to the film's brief, sent with its title", async () => {
    const bodies: Array<Record<string, unknown>> = [];
    answer(
      (body) => {
        bodies.push(body);
        return jsonResponse(400, { code: 'validation', detail: 'x' });
      },
      [landscape, { ...landscape, id: 2, title: 'Long pitch', duration: 120, width: 1080, height: 1920 }],
    );
    renderWithProviders(
      <SubmitEntry
        contest={makeContest()}
        round={makeRound({ kind: 'pitch', title: 'Pitches' })}
        renderUpload={() => null}
      />,
    );
    await userEvent.click(await screen.findByLabelText(/Long pitch/));
    expect(screen.getByRole('list', { name: 'Checks against the brief' })).toHaveTextContent(
      ROUND_ENTRY_MESSAGES.pitchTooLong,
    );
    expect(screen.getByRole('button', { name: 'Submit this video' })).toBeDisabled();
    // Landscape and 75 s: a film's brief (9:16) would refuse it; a pitch takes it.
    await userEvent.click(screen.getByLabelText(/Pitch cut/));
    const submit = screen.getByRole('button', { name: 'Submit this video' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          video_id: 1,
          confirm_warnings: false,
          title: 'Pitch cut',
          agreement_sha256: makeAgreement().sha256,
        },
      ]),
    );
  });
});
