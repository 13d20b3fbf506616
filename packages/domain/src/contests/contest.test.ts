import { describe, expect, it } from 'vitest';
import { contestDeadline, contestStatusAt } from './contest';
import { formatContestDate, formatContestDateLong } from './contest-format';

const timeline = {
  starts_at: '2025-07-26T07:00:00.000Z',
  application_deadline: '2025-08-07T06:59:00.000Z',
  submission_deadline: '2025-08-23T06:59:00.000Z',
  judging_starts_at: '2025-08-23T07:00:00.000Z',
  judging_ends_at: '2025-08-30T06:59:00.000Z',
  winners_at: '2025-08-30T16:00:00.000Z',
};

describe('contest status follows the timeline', () => {
  it.each([
    ['2025-07-01T00:00:00Z', 'upcoming'],
    ['2025-07-26T07:00:00Z', 'open'],
    ['2025-08-07T06:59:00Z', 'open'],
    ['2025-08-10T00:00:00Z', 'production'],
    ['2025-08-25T00:00:00Z', 'judging'],
    ['2025-08-30T16:00:00Z', 'ended'],
  ])('at %s it is %s', (now, status) => {
    expect(contestStatusAt(timeline, new Date(now))).toBe(status);
  });

  it('shows the application deadline while open, then the video deadline', () => {
    expect(contestDeadline(timeline, new Date('2025-08-01T00:00:00Z'))).toBe(timeline.application_deadline);
    expect(contestDeadline(timeline, new Date('2025-08-10T00:00:00Z'))).toBe(timeline.submission_deadline);
  });
});

describe('contest dates in the contest time zone', () => {
  it("formats like the spec's rules copy", () => {
    expect(formatContestDate(timeline.submission_deadline, 'America/Los_Angeles', { time: true })).toBe(
      '08-22-2025 11:59 PM PDT',
    );
    expect(formatContestDate(timeline.starts_at, 'America/Los_Angeles')).toBe('07-26-2025');
    expect(formatContestDateLong(timeline.winners_at, 'America/Los_Angeles')).toBe('August 30, 2025');
  });
});
