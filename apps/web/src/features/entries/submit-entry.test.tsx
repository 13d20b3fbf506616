import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AGREEMENT_MESSAGES,
  MESSAGES,
  SUBMIT_REFUSAL_TEXTS,
  type EntryEligibility,
  type SubmitRefusal,
  type Video,
} from '@app/domain';
import { sessionStore } from '../../lib/session';
import { renderWithProviders } from '../../testing/render';
import { jsonResponse } from '../../testing/http';
import { makeAgreement, makeContest, makeSession } from '../../testing/fixtures';
import { SubmitEntry } from './components/submit-entry';

const fetchMock = vi.fn<typeof fetch>();
const SELECTED: EntryEligibility = { can_submit: true, reason: null, application_status: 'selected' };
const userEvent = userEventLib.setup({ delay: null });

/** One of the creator's videos as the API lists it (only what the page reads matters). */
function ownVideo(id: number, overrides: Partial<Video>): Video {
  return {
    id,
    title: `Film ${id}`,
    status: 'ready',
    duration: 75,
    width: 1080,
    height: 1920,
    content_type: 'video/mp4',
    ...overrides,
  } as Video;
}

describe('Submit Video', { timeout: 20_000 }, () => {
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

  it("checks a chosen video against the brief with the server's rule before submitting it", async () => {
    const contest = makeContest({
      status: 'production',
      video_requirements: { ...makeContest().video_requirements, duration_tolerance_seconds: 5 },
    });
    const videos = [
      ownVideo(1, { title: 'Landscape cut', width: 1920, height: 1080 }),
      ownVideo(2, { title: 'Long cut', duration: 93 }),
    ];
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/entries/mine/')) return jsonResponse(200, null);
      if (url.includes('/entries/eligibility/')) return jsonResponse(200, SELECTED);
      if (url.includes('/agreement/')) return jsonResponse(200, makeAgreement());
      if (url.startsWith('/api/videos/videos/'))
        return jsonResponse(200, { count: 2, next: null, previous: null, results: videos });
      return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
    });
    renderWithProviders(<SubmitEntry contest={contest} renderUpload={() => null} />);

    await userEvent.click(await screen.findByLabelText(/Landscape cut/));
    const checks = screen.getByRole('list', { name: 'Checks against the brief' });
    expect(
      within(checks).getByText('This video is 16:9 landscape; the brief asks for 9:16 vertical.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit this video' })).toBeDisabled();

    await userEvent.click(screen.getByLabelText(/Long cut/));
    expect(
      screen.getByText("This video is 1:33 long, 3 s longer than the brief's 60–90 seconds."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit this video' })).toBeDisabled();
    await userEvent.click(
      screen.getByLabelText('I have read the warnings and want to submit this video anyway'),
    );
    // Never accepted: the agreement's box is ticked before submitting.
    expect(screen.getByRole('button', { name: 'Submit this video' })).toBeDisabled();
    await userEvent.click(screen.getByLabelText('I have read and accept the contest agreement (version 1)'));
    expect(screen.getByRole('button', { name: 'Submit this video' })).toBeEnabled();
  });

  it('a creator who accepted version 1 must accept version 2; a 409 agreement_changed asks again', async () => {
    const v1Accepted = { version: 1, sha256: 'a'.repeat(64), accepted_at: '2025-07-01T17:00:00Z' };
    let agreement = makeAgreement({ accepted: v1Accepted });
    const bodies: Array<Record<string, unknown>> = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/entries/mine/')) return jsonResponse(200, null);
      if (url.includes('/entries/eligibility/')) return jsonResponse(200, SELECTED);
      if (url.includes('/agreement/')) return jsonResponse(200, agreement);
      if (url.startsWith('/api/videos/videos/'))
        return jsonResponse(200, { count: 1, next: null, previous: null, results: [ownVideo(1, {})] });
      if (url.endsWith('/entries/') && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        // Staff saved version 2 meanwhile.
        agreement = makeAgreement({
          version: 2,
          current_version: 2,
          sha256: 'c'.repeat(64),
          text: 'Version two.',
          accepted: v1Accepted,
        });
        return jsonResponse(409, {
          detail: AGREEMENT_MESSAGES.changed,
          code: 'agreement_changed',
          current: { version: 2, sha256: 'c'.repeat(64) },
        });
      }
      return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
    });
    renderWithProviders(
      <SubmitEntry contest={makeContest({ status: 'production' })} renderUpload={() => null} />,
    );
    // Accepted the current version: nothing to tick.
    expect(await screen.findByText(/You accepted version 1 on 07-01-2025/)).toBeInTheDocument();
    await userEvent.click(await screen.findByLabelText(/Film 1/));
    await userEvent.click(screen.getByRole('button', { name: 'Submit this video' }));
    expect(bodies[0]).toMatchObject({ video_id: 1, agreement_sha256: 'a'.repeat(64) });

    expect(await screen.findByText(AGREEMENT_MESSAGES.changed)).toBeInTheDocument();
    const box = await screen.findByLabelText('I have read and accept the contest agreement (version 2)');
    expect(box).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Upload a video' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Read the agreement' }));
    expect(await screen.findByText('Version two.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).toBeChecked();
    expect(screen.getByRole('button', { name: 'Upload a video' })).toBeEnabled();
  });

  /** The page for a creator the server answers `eligibility` for (no entry, no videos of theirs). */
  async function openAs(eligibility: EntryEligibility, contest = makeContest({ status: 'production' })) {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/entries/eligibility/')) return jsonResponse(200, eligibility);
      if (url.includes('/agreement/'))
        return jsonResponse(
          200,
          makeAgreement({
            accepted: { version: 1, sha256: 'a'.repeat(64), accepted_at: '2025-07-01T17:00:00Z' },
          }),
        );
      if (url.startsWith('/api/videos/videos/'))
        return jsonResponse(200, { count: 0, next: null, previous: null, results: [] });
      return jsonResponse(200, null);
    });
    const uploads: boolean[] = [];
    renderWithProviders(
      <SubmitEntry
        contest={contest}
        renderUpload={({ open }) => {
          uploads.push(open);
          return null;
        }}
      />,
    );
    return uploads;
  }

  const refused = (reason: SubmitRefusal, status: EntryEligibility['application_status'] = null) => ({
    can_submit: false,
    reason,
    application_status: status,
  });

  it('tells a creator whose application is pending that they are not selected yet, with no upload control', async () => {
    const uploads = await openAs(refused('application_pending', 'pending'));
    expect(await screen.findByText('You are not selected yet.')).toBeInTheDocument();
    expect(screen.getByText(SUBMIT_REFUSAL_TEXTS.application_pending.next)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/creator-dashboard',
    );
    expect(screen.queryByRole('button', { name: 'Upload a video' })).toBeNull();
    expect(screen.queryByText('Or choose one of your videos')).toBeNull();
    expect(screen.queryByText(/Upload your video|Upload a new version/)).toBeNull();
    expect(uploads).toEqual([]);
  });

  it.each([
    ['not_applied', 'You have not applied to this contest.', 'Apply now', '/contests/1/apply'],
    ['application_declined', 'Your application was not selected.', 'See other contests', '/contests'],
    ['application_withdrawn', 'Your place in this contest was withdrawn.', 'Contact us', '/contact'],
    [
      'submissions_closed',
      'The submission deadline has passed; no more videos can be submitted.',
      'Contest details',
      '/contests/1',
    ],
  ] as const)('%s: says why, offers the next step, and no upload', async (reason, title, link, href) => {
    await openAs(refused(reason));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', href);
    expect(screen.queryByRole('button', { name: 'Upload a video' })).toBeNull();
  });

  it('a creator who has not applied to a contest closed to applications is told so', async () => {
    await openAs(
      refused('not_applied'),
      makeContest({ status: 'production', accepting_applications: false }),
    );
    expect(await screen.findByText(MESSAGES.application.contestClosed)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply now' })).toBeNull();
  });

  it('a selected creator sees the upload controls', async () => {
    await openAs(SELECTED);
    expect(await screen.findByRole('button', { name: 'Upload a video' })).toBeEnabled();
    expect(screen.getByText('Or choose one of your videos')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
