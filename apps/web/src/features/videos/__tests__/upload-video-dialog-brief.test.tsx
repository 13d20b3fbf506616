import { cleanup, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DELIVERY_SPEC } from '@app/domain';
import { renderWithProviders } from '../../../testing/render';
import { UploadVideoDialog } from '../components/upload-video-dialog';
import type { VideoFileInfo } from '../lib/read-video-info';

// jsdom decodes no video: stand in for what the browser's <video> element reports.
const readVideoInfo = vi.hoisted(() => vi.fn<(file: Blob) => Promise<VideoFileInfo | null>>());
vi.mock('../lib/read-video-info', () => ({ readVideoInfo }));

/** The chair contest as the contest API returns it (only what the dialog reads). */
const CHAIR_CONTEST = {
  title: 'Hbada Chair Contest',
  video_requirements: {
    aspect_ratio: '9:16',
    min_seconds: 60,
    max_seconds: 90,
    min_width: 1080,
    min_height: 1920,
    containers: ['mp4' as const, 'mov' as const],
    duration_tolerance_seconds: 0,
    delivery: DEFAULT_DELIVERY_SPEC,
  },
};

function renderDialog(contest?: typeof CHAIR_CONTEST) {
  renderWithProviders(<UploadVideoDialog open onClose={() => {}} contest={contest} />);
  return userEventLib.setup({ applyAccept: false });
}

const clip = () => new File(['x'], 'take.mov', { type: 'video/quicktime' });

describe('UploadVideoDialog for a contest entry', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    readVideoInfo.mockReset();
  });

  it('says a 75 s vertical file meets the brief, with its length and size', async () => {
    readVideoInfo.mockResolvedValue({ durationSeconds: 75, width: 1080, height: 1920 });
    const user = renderDialog(CHAIR_CONTEST);
    await user.upload(screen.getByLabelText('Video file'), clip());
    expect(await screen.findByText('This file meets the contest brief')).toBeInTheDocument();
    expect(screen.getByText('Contest brief: Hbada Chair Contest')).toBeInTheDocument();
    expect(screen.getByText("Length 1:15, within the brief's 60–90 seconds.")).toBeInTheDocument();
    expect(screen.getByText('This video is vertical, as the brief asks.')).toBeInTheDocument();
    expect(screen.getByTestId('video-file-info')).toHaveTextContent('1:15 · 1080×1920');
  });

  it('refuses to send a file that is too short and horizontal, and lets the creator choose another', async () => {
    readVideoInfo.mockResolvedValue({ durationSeconds: 42, width: 1920, height: 1080 });
    const user = renderDialog(CHAIR_CONTEST);
    await user.upload(screen.getByLabelText('Video file'), clip());
    const status = (await screen.findByText('This file does not meet the contest brief')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(
      within(status).getByText('This video is 0:42 long; the brief asks for 60–90 seconds.'),
    ).toBeInTheDocument();
    expect(
      within(status).getByText('This video is 16:9 landscape; the brief asks for 9:16 vertical.'),
    ).toBeInTheDocument();
    // A file that fails a hard rule is not sent.
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This video does not meet the contest brief.');

    readVideoInfo.mockResolvedValue({ durationSeconds: 88, width: 2160, height: 3840 });
    await user.upload(screen.getByLabelText('Video file'), clip());
    expect(await screen.findByText('This file meets the contest brief')).toBeInTheDocument();
    expect(screen.queryByText('This file does not meet the contest brief')).toBeNull();
  });

  it('explains when the browser cannot read the file, and shows no brief for a standalone upload', async () => {
    readVideoInfo.mockResolvedValue(null);
    const user = renderDialog(CHAIR_CONTEST);
    await user.upload(screen.getByLabelText('Video file'), clip());
    expect(await screen.findByText(/cannot be checked against the brief here/)).toBeInTheDocument();
    cleanup();

    readVideoInfo.mockResolvedValue({ durationSeconds: 10, width: 1920, height: 1080 });
    const standalone = renderDialog();
    await standalone.upload(screen.getByLabelText('Video file'), clip());
    expect(await screen.findByText(/0:10 · 1920×1080/)).toBeInTheDocument();
    expect(screen.queryByText(/contest brief/i)).toBeNull();
  });
});
