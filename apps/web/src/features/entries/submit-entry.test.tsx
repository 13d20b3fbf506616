import { cleanup, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@app/domain';
import { sessionStore } from '../../lib/session';
import { renderWithProviders } from '../../testing/render';
import { jsonResponse } from '../../testing/http';
import { makeContest, makeSession } from '../../testing/fixtures';
import { SubmitEntry } from './components/submit-entry';

const fetchMock = vi.fn<typeof fetch>();
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
    expect(screen.getByRole('button', { name: 'Submit this video' })).toBeEnabled();
  });

  it('says when the submission deadline has passed', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, null));
    renderWithProviders(
      <SubmitEntry contest={makeContest({ status: 'judging' })} renderUpload={() => null} />,
    );
    expect(
      await screen.findByText('The submission deadline has passed; no more videos can be submitted.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload a video' })).toBeNull();
  });
});
