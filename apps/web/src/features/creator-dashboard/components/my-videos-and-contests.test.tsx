import { cleanup, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { makeDashboardContest as contest, makeDashboardVideo as video } from '../../../testing/fixtures';
import { MyVideos } from './my-videos';
import { MyContests } from './my-contests';

const userEvent = userEventLib.setup({ delay: null });
afterEach(cleanup);

describe('My Videos', { timeout: 20_000 }, () => {
  it('shows every video, and the 5 newest under Recent Uploads', async () => {
    const videos = [1, 2, 3, 4, 5, 6, 7].map((id) => video(id));
    renderWithProviders(<MyVideos videos={videos} loading={false} onUpload={vi.fn()} />);
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('link')).toHaveLength(7);
    await userEvent.click(screen.getByRole('tab', { name: 'Recent Uploads' }));
    const titles = within(screen.getByRole('tabpanel'))
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(titles).toEqual(['Video 7', 'Video 6', 'Video 5', 'Video 4', 'Video 3']);
  });

  it('shows chips, missing thumbnails, processing and failures with their reason', () => {
    const videos = [
      video(1, { type: 'contest', contest_id: 4 }),
      video(2, { thumbnail: null, status: 'processing' }),
      video(3, { thumbnail: null, status: 'failed', failure_reason: 'The file is not a playable video.' }),
    ];
    renderWithProviders(<MyVideos videos={videos} loading={false} onUpload={vi.fn()} />);
    expect(screen.getByRole('link', { name: /Video 1/ })).toHaveAttribute('href', '/videos/1');
    expect(screen.getByText('Contest Entry')).toBeInTheDocument();
    expect(screen.getAllByText('Standalone')).toHaveLength(2);
    expect(screen.getAllByText('No Thumbnail')).toHaveLength(2);
    expect(screen.getByText('Processing…')).toBeInTheDocument();
    expect(screen.getByText('Processing failed: The file is not a playable video.')).toBeInTheDocument();
  });

  it('shows the processing stage and percent while renditions are made (issue 16)', () => {
    const videos = [
      video(1, { status: 'processing', processing: { stage: 'first_rendition', percent: 42 } }),
      video(2, { status: 'ready', processing: { stage: 'renditions', percent: 7 } }),
      video(3, { status: 'ready', processing: { stage: 'done', percent: 100 } }),
    ];
    renderWithProviders(<MyVideos videos={videos} loading={false} onUpload={vi.fn()} />);
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(2);
    expect(
      screen.getByRole('progressbar', { name: 'Making the first playable version — 42%' }),
    ).toHaveAttribute('aria-valuenow', '42');
    expect(
      screen.getByRole('progressbar', { name: 'Making the other sizes (already playable) — 7%' }),
    ).toHaveAttribute('aria-valuenow', '7');
  });

  it('offers the first upload when there is nothing yet', async () => {
    const onUpload = vi.fn();
    renderWithProviders(<MyVideos videos={[]} loading={false} onUpload={onUpload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload Your First Video' }));
    expect(onUpload).toHaveBeenCalled();
  });
});

describe('My Contests', { timeout: 20_000 }, () => {
  it('shows each list under its own tab with its chip, and the empty states', async () => {
    renderWithProviders(
      <MyContests
        lists={{ running: [contest(1, 'active')], applied: [], ended: [contest(3, 'completed')] }}
        loading={false}
      />,
    );
    const table = () => screen.getByRole('table');
    expect(within(table()).getByRole('link', { name: 'Contest 1' })).toHaveAttribute('href', '/contests/1');
    expect(within(table()).getByText('$5,000.00')).toBeInTheDocument();
    expect(within(table()).getByText('Active')).toBeInTheDocument();
    expect(within(table()).getByRole('columnheader', { name: 'Deadline' })).toBeInTheDocument();
    // 06:59 UTC on the 23rd is 11:59 PM on the 22nd in the contest's zone, as the contest pages say.
    expect(within(table()).getByText('08-22-2026')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Applied' }));
    expect(screen.getByText("You haven't applied to any contests yet.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Ended' }));
    expect(within(table()).getByRole('link', { name: 'Contest 3' })).toBeInTheDocument();
    expect(within(table()).getByText('Completed')).toBeInTheDocument();
    expect(within(table()).getByRole('columnheader', { name: 'End Date' })).toBeInTheDocument();
    expect(within(table()).getByText('08-30-2026')).toBeInTheDocument();
  });

  it('says so when nothing runs, with Browse Contests', () => {
    renderWithProviders(<MyContests lists={{ running: [], applied: [], ended: [] }} loading={false} />);
    expect(screen.getByText('No running contests found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Contests' })).toHaveAttribute('href', '/contests');
  });
});

describe('My Videos: the review (issue 13)', { timeout: 20_000 }, () => {
  it("shows a rejected video's reason to its owner, and 'Waiting for review' for a pending one", () => {
    const rejected = video(1, { review_status: 'rejected', review_reason: 'The audio clips.' });
    const pending = video(2, { review_status: 'pending' });
    const approved = video(3, { review_status: 'approved', is_approved: true });
    renderWithProviders(
      <MyVideos videos={[rejected, pending, approved]} loading={false} onUpload={vi.fn()} />,
    );
    const card = (title: string) => within(screen.getByRole('link', { name: new RegExp(title) }));
    expect(card('Video 1').getByText('Rejected')).toBeInTheDocument();
    expect(card('Video 1').getByText('Reason: The audio clips.')).toBeInTheDocument();
    expect(card('Video 2').getByText('Waiting for review')).toBeInTheDocument();
    expect(card('Video 3').queryByText(/Rejected|Waiting for review/)).not.toBeInTheDocument();
  });
});

describe('Contest entries on the dashboard (issue 15)', { timeout: 20_000 }, () => {
  it('names the contest on a Contest Entry card', () => {
    renderWithProviders(
      <MyVideos
        videos={[video(1, { type: 'contest', contest_id: 4, contest_title: 'Lumora Night Light Contest' })]}
        loading={false}
        onUpload={vi.fn()}
      />,
    );
    expect(screen.getByText('Contest Entry')).toBeInTheDocument();
    expect(screen.getByText('Lumora Night Light Contest')).toBeInTheDocument();
  });

  it('shows the latest submission per contest with its timeline, and the way to submit when selected', () => {
    renderWithProviders(
      <MyContests
        lists={{
          running: [
            contest(1, 'active', {
              application_status: 'selected',
              submission: {
                id: 9,
                video_id: 5,
                created_at: '2026-08-10T10:00:00.000Z',
                video_title: 'Night walk v2',
                version: 2,
                status: 'in_review',
                timeline: [
                  { step: 'uploaded', version: 1, at: '2026-08-01T10:00:00.000Z' },
                  { step: 'revision_requested', version: 1, at: '2026-08-05T10:00:00.000Z' },
                  { step: 'in_review', version: 2, at: '2026-08-10T10:00:00.000Z' },
                ],
              },
            }),
            contest(2, 'active', { application_status: 'selected' }),
          ],
          applied: [],
          ended: [],
        }}
        loading={false}
      />,
    );
    expect(screen.getByText('Latest submission: “Night walk v2” · version 2')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Timeline of your entry to Contest 1' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Uploaded · version 1'),
      expect.stringContaining('Revision requested · version 1'),
      expect.stringContaining('In review · version 2'),
    ]);
    expect(screen.getByRole('link', { name: 'Open your entry' })).toHaveAttribute('href', '/entries/9');
    expect(screen.getByRole('link', { name: 'Submit your video' })).toHaveAttribute(
      'href',
      '/contests/2/submit',
    );
  });
});
