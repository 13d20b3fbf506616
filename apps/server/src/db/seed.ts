import { sql } from 'drizzle-orm';
import { CHAIR_IDS, FEATURED_CONTEST_SLUG, LIMITS } from '@app/domain';
import type { Database } from './client';
import { brands, contestProducts, contests, products } from './schema/index';

const DAY = 24 * 3600 * 1000;

/**
 * The chair contest's timeline, relative to the day it is seeded so a new install is open for
 * applications. The gaps are the spec's (start 07-26, applications close 08-06, videos due
 * 08-22 11:59 PM PT, judging 23–29 Aug, winners 30 Aug): see docs/spec-decisions.md.
 */
export function chairContestTimeline(seededAt: Date) {
  // Midnight UTC of the seeding day keeps the dates whole days on every page.
  const start = new Date(Date.UTC(seededAt.getUTCFullYear(), seededAt.getUTCMonth(), seededAt.getUTCDate()));
  const at = (days: number, hoursUtc = 0, minutes = 0) =>
    new Date(start.getTime() + days * DAY + (hoursUtc * 60 + minutes) * 60_000);
  return {
    startsAt: start,
    // End of day Pacific (UTC-8): 07:59 UTC the next day.
    applicationDeadline: at(12, 7, 59),
    submissionDeadline: at(28, 7, 59),
    judgingStartsAt: at(28, 8),
    judgingEndsAt: at(35, 7, 59),
    winnersAt: at(35, 17),
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
        logoUrl: '/media/brands/hbada.svg',
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
        'Hbada sends a premium ergonomic chair (X7, E3 or P2) to selected creators, who shoot a cinematic ad for it. The best film wins 5,000 USD.',
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
      brief:
        'Show how the chair turns a workspace into a place of focus and self-care. Three scenes, one story: Zen (X7), Zone (E3) or Zoom (P2).',
      requirements: [
        '9:16 vertical video',
        'Split into 3 scenes',
        '60–90 seconds long',
        'MOV or MP4, Full HD or 4K',
        'Show at least 3–4 key features of the chair',
      ],
      timezone: 'America/Los_Angeles',
      ...timeline,
    });
    await tx.execute(sql`select setval(pg_get_serial_sequence('contests', 'id'), 1)`);

    await tx.insert(products).values([
      { id: CHAIR_IDS.E3, brandId: 1, code: 'E3', name: 'E3 PRO', stockQuantity: 12, description: 'Zone: the all-day ergonomic workhorse.' },
      { id: CHAIR_IDS.X7, brandId: 1, code: 'X7', name: 'X7 SMART', stockQuantity: 8, description: 'Zen: smart recline and massage support.' },
      { id: CHAIR_IDS.P2, brandId: 1, code: 'P2', name: 'P2 ERGONOMIC', stockQuantity: 10, description: 'Zoom: compact, adjustable, always ready.' },
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
