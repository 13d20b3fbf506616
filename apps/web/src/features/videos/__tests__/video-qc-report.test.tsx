import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DELIVERY_SPEC, type QcFacts, type VideoQc, type VideoRequirements } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { jsonResponse } from '../../../testing/http';
import { makeSession } from '../../../testing/fixtures';
import { sessionStore } from '../../../lib/session';
import { VideoQcReport } from '../components/video-qc-report';

const none = { count: 0, longest_seconds: 0, segments: [] };
/** A 9:16 film, loud, with a black stretch from 0:00 to 0:01 and a long frozen middle. */
const FACTS: QcFacts = {
  width: 1080,
  height: 1920,
  frame_rate: 25,
  duration_seconds: 70,
  has_audio: true,
  loudness_lufs: -8,
  loudness_range_lu: 3,
  true_peak_dbtp: -2,
  black: { count: 1, longest_seconds: 1, segments: [{ start: 0, end: 1 }] },
  freeze: { count: 1, longest_seconds: 3, segments: [{ start: 62, end: 65 }] },
  silence: none,
  bars: null,
};
const REQUIREMENTS: VideoRequirements = {
  aspect_ratio: '9:16',
  min_seconds: null,
  max_seconds: null,
  min_width: null,
  min_height: null,
  containers: [],
  duration_tolerance_seconds: 0,
  delivery: { ...DEFAULT_DELIVERY_SPEC, blocking: ['black'] },
};

function answer(qc: Partial<VideoQc>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jsonResponse(200, { status: 'done', checks: [], facts: FACTS, error: null, analysed_at: null, ...qc }),
    ),
  );
}

describe('the technical check report (issue 51)', () => {
  beforeEach(() => sessionStore.set(makeSession({ role: 'creator' })));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("judges the measurements against a contest's spec: value vs target, times as mm:ss, what to change, blocking marked", async () => {
    answer({});
    renderWithProviders(<VideoQcReport videoId={7} requirements={REQUIREMENTS} />);
    const list = await screen.findByRole('list', { name: 'Technical check' });
    const black = within(list).getByRole('listitem', { name: 'Black frames: Fail, Blocks entry' });
    expect(black).toHaveTextContent('target ≤ 0.5 s in one stretch');
    expect(black).toHaveTextContent('at 00:00–00:01');
    expect(black).toHaveTextContent('Trim or replace the black frames at these times.');
    const freeze = within(list).getByRole('listitem', { name: 'Frozen picture: Fail' });
    expect(freeze).toHaveTextContent('at 01:02–01:05');
    expect(within(list).getByRole('listitem', { name: 'Loudness: Fail' })).toHaveTextContent(
      '-8 LUFS · target -14 LUFS ± 2 LU',
    );
    expect(within(list).getByRole('listitem', { name: 'Orientation: Pass' })).toHaveTextContent(
      'target 9:16 portrait',
    );
    expect(screen.getByText(/refuses a video that fails a check marked "Blocks entry"/)).toBeInTheDocument();
  });

  it('says the check is running while it is pending, and why it could not run when it failed', async () => {
    answer({ status: 'pending', facts: null });
    renderWithProviders(<VideoQcReport videoId={8} />);
    expect(await screen.findByText(/Checking the file/)).toBeInTheDocument();
    cleanup();
    answer({
      status: 'failed',
      facts: null,
      error: 'The technical check could not run: the file is damaged.',
    });
    renderWithProviders(<VideoQcReport videoId={9} />);
    expect(
      await screen.findByText('The technical check could not run: the file is damaged.'),
    ).toBeInTheDocument();
  });
});
