import type { ContestProduct, ContestResponse, ProductResponse } from '@app/domain';

/** The chair contest's three chairs as GET /api/contests/1/ lists them. */
export const chairContestProducts: ContestProduct[] = [
  {
    id: 1,
    code: 'E3',
    name: 'E3 PRO',
    description: '',
    concept: 'Zone',
    features: ['Adaptive lumbar support', '4D armrests'],
    image_url: '/products/hbada-e3.svg',
    fallback_status: 'available',
  },
  {
    id: 2,
    code: 'X7',
    name: 'X7 SMART',
    description: '',
    concept: 'Zen',
    features: ['Smart recline up to 155°'],
    image_url: '/products/hbada-x7.svg',
    fallback_status: 'all_picked',
  },
  {
    id: 3,
    code: 'P2',
    name: 'P2 ERGONOMIC',
    description: '',
    concept: 'Zoom',
    features: ['Compact footprint'],
    image_url: '/products/hbada-p2.svg',
    fallback_status: 'available',
  },
];

/** The chairs with live stock (GET /api/contests/1/products/): X7 is gone. */
export const chairProducts: ProductResponse[] = chairContestProducts.map(
  ({ fallback_status: _fallback, ...product }, i) => ({
    ...product,
    status: i === 1 ? 'all_picked' : 'available',
    stock_quantity: [12, 0, 4][i]!,
  }),
);

/** The chair contest, open for applications. */
export const chairContest: ContestResponse = {
  id: 1,
  slug: 'hbada-chair-contest',
  title: 'Hbada Synergy Chair Contest',
  tagline: 'Self-love is your energy',
  description: '',
  brand: { id: 1, name: 'Hbada', slug: 'hbada', logo_url: '' },
  thumbnail: null,
  banner: null,
  prize: 5000,
  currency: 'USD',
  eligibility: { country: 'United States', minimum_age: 18, experience: 'Previous videography experience' },
  brief: '',
  requirements: ['9:16 vertical video'],
  video_requirements: {
    aspect_ratio: '9:16',
    min_seconds: 60,
    max_seconds: 90,
    min_width: 1080,
    min_height: 1920,
    containers: ['mp4', 'mov'],
  },
  landing: {
    product_noun: 'chair',
    headline: '',
    concepts_title: '',
    concepts_intro: '',
    concepts: [],
    challenge_title: '',
    format_notes: [],
    inspiration: null,
  },
  products: chairContestProducts,
  timezone: 'America/Los_Angeles',
  starts_at: '2025-07-26T07:00:00.000Z',
  application_deadline: '2025-08-07T06:59:00.000Z',
  submission_deadline: '2025-08-23T06:59:00.000Z',
  judging_starts_at: '2025-08-23T07:00:00.000Z',
  judging_ends_at: '2025-08-30T06:59:00.000Z',
  winners_at: '2025-08-30T16:00:00.000Z',
  deadline: '2025-08-07T06:59:00.000Z',
  status: 'open',
  accepting_applications: true,
};
