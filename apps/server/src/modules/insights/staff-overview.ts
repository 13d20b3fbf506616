import type { StaffInsights } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { processingTimesByDay, reviewQueueAges, uploadsByDay } from '../videos';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment (YYYY-MM-DD): the day plays are counted under, and the overview's days. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The staff overview: uploads, failures and processing times per day, and the review queue. */
export async function staffOverview(db: DbOrTx, now: Date, days: number): Promise<StaffInsights> {
  const first = new Date(Date.parse(utcDay(now)) - (days - 1) * DAY_MS);
  const [uploads, times, queue] = await Promise.all([
    uploadsByDay(db, first),
    processingTimesByDay(db, first),
    reviewQueueAges(db, now),
  ]);
  const uploadsOn = new Map(uploads.map((row) => [row.date, row]));
  const timesOn = new Map(times.map((row) => [row.date, row]));
  const seconds = (value: number | undefined) =>
    value === undefined ? null : Math.round(Number(value) * 10) / 10;
  return {
    days,
    by_day: Array.from({ length: days }, (_, i) => {
      const date = utcDay(new Date(first.getTime() + i * DAY_MS));
      return {
        date,
        uploads: uploadsOn.get(date)?.uploads ?? 0,
        failed: uploadsOn.get(date)?.failed ?? 0,
        processing_p50_seconds: seconds(timesOn.get(date)?.p50),
        processing_p95_seconds: seconds(timesOn.get(date)?.p95),
      };
    }),
    review_queue: {
      waiting: queue.waiting,
      oldest_waiting_since: queue.oldest,
      by_age: [
        { label: 'Under 1 day', count: queue.underDay },
        { label: '1–3 days', count: queue.upTo3 },
        { label: '3–7 days', count: queue.upTo7 },
        { label: 'Over 7 days', count: queue.older },
      ],
    },
  };
}
