import { randomUUID } from 'node:crypto';
import type { CreateContestBody } from '@app/domain';

/** A contest body open for applications now, with two products, a rubric and every requirement. */
export function contestBody(brandId: number, overrides: Partial<CreateContestBody> = {}): CreateContestBody {
  const day = 24 * 60 * 60 * 1000;
  const at = (days: number) => new Date(Date.now() + days * day).toISOString();
  const slug = `ops-${randomUUID().slice(0, 8)}`;
  return {
    slug,
    title: `Desk Lamp Contest ${slug}`,
    tagline: 'Light your desk',
    description: 'Shoot an ad for a desk lamp.',
    brand_id: brandId,
    prize_cents: 150_000,
    eligibility: { country: 'United States', minimum_age: 18, experience: '' },
    brief: 'Show the lamp at night, in three scenes.',
    requirements: ['9:16 vertical video', '30–60 seconds'],
    video_requirements: {
      aspect_ratio: '9:16',
      min_seconds: 30,
      max_seconds: 60,
      min_width: null,
      min_height: 1920,
      containers: ['mp4', 'mov'],
    },
    timezone: 'America/New_York',
    starts_at: at(-1),
    application_deadline: at(10),
    submission_deadline: at(25),
    judging_starts_at: at(26),
    judging_ends_at: at(30),
    winners_at: at(31),
    products: [
      { code: 'L1', name: 'Lamp One', description: 'Warm', features: ['Dimmer'], stock_quantity: 3 },
      { code: 'L2', name: 'Lamp Two', description: 'Cool', stock_quantity: 2 },
    ],
    rubric: [
      { name: 'Story', weight: 60 },
      { name: 'Craft', weight: 40 },
    ],
    ...overrides,
  };
}

/** An application body for `productId`. */
export function applicationBody(productId: number, overrides: Record<string, unknown> = {}) {
  return {
    full_name: 'Maya Lopez',
    email: 'maya@example.com',
    phone_number: '+15551234567',
    bio: 'Cinematographer in Austin, TX.',
    shipping_address: {
      line1: '12 Elm St',
      line2: '',
      city: 'Austin',
      state: 'TX',
      postal: '78701',
      country: 'US',
    },
    product_id: productId,
    terms_accepted: true,
    ...overrides,
  };
}

/** How many messages of the outbox went to `to` with a subject containing `subject`. */
/** The first e-mail to `to` whose text contains `subject`, waiting for it (15 s at most). */
