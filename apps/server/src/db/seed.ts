import { sql } from 'drizzle-orm';
import { CHAIR_IDS, FEATURED_CONTEST_SLUG, LIMITS } from '@app/domain';
import type { Database } from './client';
import { brands, contestProducts, contests, products } from './schema/index';

/** The time zone the chair contest states its deadlines in (the spec's 'PST'). */
export const CHAIR_CONTEST_TIMEZONE = 'America/Los_Angeles';

/** Milliseconds `timeZone` is ahead of UTC at `at` (negative west of Greenwich). */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return wall - Math.floor(at.getTime() / 60_000) * 60_000;
}

/** The instant a wall clock in `timeZone` shows the given time (days may overflow the month). */
function wallClock(timeZone: string, y: number, m: number, d: number, h = 0, min = 0): Date {
  const guess = Date.UTC(y, m, d, h, min);
  const first = guess - zoneOffsetMs(new Date(guess), timeZone);
  // Across a daylight-saving change the offset at the result can differ from the guess's.
  return new Date(guess - zoneOffsetMs(new Date(first), timeZone));
}

/**
 * The chair contest's timeline, relative to the day it is seeded so a new install is open for
 * applications. The gaps are the spec's (start 07-26, applications close 08-06, videos due
 * 08-22 11:59 PM PT, judging 23–29 Aug, winners 30 Aug): day 0 is the seeding day in Pacific time,
 * so every page shows whole days in the contest's zone (docs/spec-decisions.md).
 */
export function chairContestTimeline(seededAt: Date) {
  const tz = CHAIR_CONTEST_TIMEZONE;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(seededAt);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const [y, m, d] = [get('year'), get('month') - 1, get('day')];
  return {
    startsAt: wallClock(tz, y, m, d),
    applicationDeadline: wallClock(tz, y, m, d + 11, 23, 59),
    submissionDeadline: wallClock(tz, y, m, d + 27, 23, 59),
    judgingStartsAt: wallClock(tz, y, m, d + 28),
    judgingEndsAt: wallClock(tz, y, m, d + 34, 23, 59),
    winnersAt: wallClock(tz, y, m, d + 35, 9),
  };
}

/** Seeds what the spec's pages need, once, and only into a database with no data. */
export async function seedIfEmpty(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts on a server database.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const existing = await tx.execute(
      sql`select (select count(*) from brands) + (select count(*) from users) as n`,
    );
    if (Number((existing.rows[0] as { n: string | number }).n) > 0) return false;

    await tx.insert(brands).values([
      {
        id: 1,
        name: 'Hbada',
        slug: 'hbada',
        description: 'Ergonomic chairs designed for long, focused days.',
        logoUrl: '/brands/hbada.svg',
        website: 'https://www.hbada.com',
      },
    ]);
    await tx.execute(sql`select setval(pg_get_serial_sequence('brands', 'id'), 10)`);

    const timeline = chairContestTimeline(now);
    await tx.insert(contests).values({
      id: 1,
      slug: FEATURED_CONTEST_SLUG,
      title: 'Hbada Synergy Chair Contest',
      tagline: 'Self-love is your energy',
      description:
        'Hbada sends a premium ergonomic chair — the X7, E3 or P2 — to selected creators, who turn it into a cinematic ad. Apply, get picked, shoot three scenes, and compete for the 5,000 USD grand prize.',
      brandId: 1,
      thumbnailUrl: '',
      bannerUrl: '',
      prizeCents: LIMITS.prizeUsd * 100,
      currency: 'USD',
      eligibility: {
        country: 'United States',
        minimumAge: LIMITS.minimumAge,
        experience: 'Previous videography experience',
      },
      brief: [
        'Self-love is your energy. Show how the right chair turns a workspace into a place of focus and care.',
        'Pick one concept: Zen with the X7 SMART (calm, recline, recharge), Zone with the E3 PRO (deep, all-day focus) or Zoom with the P2 ERGONOMIC (quick, agile, always ready).',
        'Tell it in three scenes: the problem (a tired body, a cluttered day), the turn (the chair and its features in action), the payoff (the energy that comes back). Light, camera work and grade should feel like a premium brand film, not an unboxing.',
      ].join('\n\n'),
      requirements: [
        '9:16 vertical video',
        'Split into 3 scenes',
        '60–90 seconds long',
        'MOV or MP4, Full HD or 4K',
        'Show at least 3–4 key features of the chair',
      ],
      timezone: CHAIR_CONTEST_TIMEZONE,
      ...timeline,
    });
    await tx.execute(sql`select setval(pg_get_serial_sequence('contests', 'id'), 1)`);

    await tx.insert(products).values([
      {
        id: CHAIR_IDS.E3,
        brandId: 1,
        code: 'E3',
        name: 'E3 PRO',
        stockQuantity: 12,
        description: 'Zone: the all-day ergonomic workhorse.',
      },
      {
        id: CHAIR_IDS.X7,
        brandId: 1,
        code: 'X7',
        name: 'X7 SMART',
        stockQuantity: 8,
        description: 'Zen: smart recline and massage support.',
      },
      {
        id: CHAIR_IDS.P2,
        brandId: 1,
        code: 'P2',
        name: 'P2 ERGONOMIC',
        stockQuantity: 10,
        description: 'Zoom: compact, adjustable, always ready.',
      },
    ]);
    await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), 3)`);
    await tx.insert(contestProducts).values([
      { contestId: 1, productId: CHAIR_IDS.E3, position: 0 },
      { contestId: 1, productId: CHAIR_IDS.X7, position: 1 },
      { contestId: 1, productId: CHAIR_IDS.P2, position: 2 },
    ]);
    return true;
  });
}
