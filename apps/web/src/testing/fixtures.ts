import { DEFAULT_DELIVERY_SPEC, DEFAULT_LICENCE_TERMS, defaultAgreementText } from '@app/domain';
import type {
  AgreementResponse,
  ContestProduct,
  ContestResponse,
  CreatorProfile,
  CurrentUser,
  DashboardContest,
  DashboardVideo,
  ProductResponse,
  Role,
  StaffVideo,
  StaffVideoPage,
} from '@app/domain';
import type { Session } from '../lib/session';
import { accessToken } from './http';

/** Test data typed by the API's own types: a fixture that drifts from the API fails to compile. */

/** The chair contest's three chairs as GET /api/contests/1/ lists them. */
export function makeContestProducts(): ContestProduct[] {
  return [
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
}

/** The chair contest, open for applications (GET /api/contests/{id}/). */
export function makeContest(overrides: Partial<ContestResponse> = {}): ContestResponse {
  return {
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
      duration_tolerance_seconds: 0,
      delivery: DEFAULT_DELIVERY_SPEC,
    },
    licence_terms: DEFAULT_LICENCE_TERMS,
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
    products: makeContestProducts(),
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
    publication_status: 'published',
    rubric: [],
    prize_cents: 500_000,
    approvals_required: 0,
    ...overrides,
  };
}

/** The chairs with live stock (GET /api/contests/{id}/products/): X7 is gone. */
export function makeProducts(): ProductResponse[] {
  return makeContestProducts().map(({ fallback_status: _fallback, ...product }, i) => ({
    ...product,
    status: i === 1 ? 'all_picked' : 'available',
    stock_quantity: [12, 0, 4][i]!,
  }));
}

/** A creator with a complete profile, as GET /api/accounts/me/ returns it. */
export function makeCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    email: 'ada@example.com',
    role: 'creator',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone_number: '+15551234567',
    profile: {
      phoneNumber: '+15551234567',
      bio: 'Filmmaker',
      youtube_url: '',
      instagram_url: '',
      portfolio_url: '',
      shipping_address: {
        line1: '12 Analytical Way',
        line2: '',
        city: 'Austin',
        state: 'TX',
        postal: '73301',
        country: 'US',
      },
    },
    ...overrides,
  };
}

/** A signed-in session whose access token is fresh (or expired: `expiresIn` < 0). */
export function makeSession({
  role = 'creator',
  expiresIn = 3600,
  refresh = 'refresh-token',
  user = {},
}: {
  role?: Role;
  expiresIn?: number;
  refresh?: string;
  user?: Partial<Session['user']>;
} = {}): Session {
  return {
    access: accessToken(expiresIn),
    refresh,
    user: {
      id: 7,
      email: 'ada@example.com',
      role,
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone_number: '',
      brand_profile: null,
      creator_profile: null,
      ...user,
    },
  };
}

type CreatorProfileOverrides = Partial<Omit<CreatorProfile, 'profile'>> & {
  profile?: Partial<CreatorProfile['profile']>;
};

/** A creator's own profile (GET /api/accounts/auth/creator-profile/), complete unless overridden. */
export function makeCreatorProfile({ profile, ...overrides }: CreatorProfileOverrides = {}): CreatorProfile {
  return {
    id: 7,
    full_name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    pending_email: null,
    phone_number: '+15551234567',
    ...overrides,
    profile: {
      bio: 'Filmmaker',
      address: '',
      gender: '',
      website: '',
      linkedin: '',
      twitter: '',
      youtube_url: '',
      portfolio_url: '',
      instagram_url: '',
      facebook_url: '',
      shipping_address_line1: '12 Analytical Way',
      shipping_address_line2: '',
      shipping_city: 'Austin',
      shipping_state: 'TX',
      shipping_postal_code: '73301',
      shipping_country: 'US',
      profilePicture: '',
      phoneNumber: '+15551234567',
      contest_participations: 0,
      contests_wins: 0,
      shipping_address: {
        line1: '12 Analytical Way',
        line2: '',
        city: 'Austin',
        state: 'TX',
        postal: '73301',
        country: 'US',
      },
      ...profile,
    },
  };
}

/** The profile of a creator who has just signed up: nothing filled in but the e-mail. */
export function makeNewCreatorProfile(id: number, email: string): CreatorProfile {
  const blank = { line1: '', line2: '', city: '', state: '', postal: '', country: '' };
  return makeCreatorProfile({
    id,
    email,
    full_name: '',
    first_name: '',
    last_name: '',
    phone_number: '',
    profile: {
      bio: '',
      shipping_address_line1: '',
      shipping_city: '',
      shipping_state: '',
      shipping_postal_code: '',
      shipping_country: '',
      phoneNumber: '',
      shipping_address: blank,
    },
  });
}

/** One of the creator's videos on the dashboard, created on 2026-01-{id}. */
export function makeDashboardVideo(id: number, overrides: Partial<DashboardVideo> = {}): DashboardVideo {
  const created = new Date(Date.UTC(2026, 0, id)).toISOString();
  return {
    id,
    title: `Video ${id}`,
    description: '',
    thumbnail: `/media/videos/${id}/poster.jpg`,
    thumbnail_url: `/media/videos/${id}/poster.jpg`,
    status: 'ready',
    failure_reason: null,
    processing: { stage: 'done', percent: 100 },
    is_approved: false,
    review_status: 'pending',
    review_reason: null,
    contest_id: null,
    contest_title: null,
    type: 'standalone',
    views: 0,
    likes: 0,
    created_at: created,
    createdAt: created,
    ...overrides,
  };
}

/** A contest as the creator dashboard lists it. */
export function makeDashboardContest(
  id: number,
  status: DashboardContest['status'],
  overrides: Partial<DashboardContest> = {},
): DashboardContest {
  return {
    id,
    title: `Contest ${id}`,
    description: '',
    thumbnail: '',
    prize: '5000.00',
    prize_cents: 500_000,
    currency: 'USD',
    deadline: '2026-08-23T06:59:00.000Z',
    end_date: '2026-08-30T07:00:00.000Z',
    timezone: 'America/Los_Angeles',
    status,
    application_status: null,
    shipment: null,
    submission: null,
    result: null,
    ...overrides,
  };
}

/** A video waiting for review as GET /api/staff/videos/ lists it, uploaded on 2026-01-{id}. */
export function makeStaffVideo(id: number, overrides: Partial<StaffVideo> = {}): StaffVideo {
  const created = new Date(Date.UTC(2026, 0, id, 9, 30)).toISOString();
  return {
    id,
    title: `Clip ${id}`,
    description: `What clip ${id} shows.`,
    thumbnail: `/media/videos/${id}/preview.mp4`,
    thumbnail_url: `/media/videos/${id}/poster.jpg`,
    video_url: `/media/videos/${id}/original.mp4`,
    views: 0,
    likes: 0,
    created_at: created,
    createdAt: created,
    contest_id: null,
    contest_title: null,
    brand: null,
    brand_id: null,
    is_approved: false,
    type: 'standalone',
    creator: 'Noor Haddad',
    creator_id: 40 + id,
    creator_profile: null,
    status: 'ready',
    failure_reason: null,
    duration: 75.2,
    width: 1080,
    height: 1920,
    video_codec: 'h264',
    audio_codec: 'aac',
    frame_rate: 30,
    size_bytes: 52_428_800,
    content_type: 'video/mp4',
    review_status: 'pending',
    review_reason: null,
    playback: null,
    processing: { stage: 'done', percent: 100 },
    download_url: null,
    creator_email: `noor${id}@example.com`,
    ...overrides,
  };
}

/** A page of the review queue holding `results`. */
export function makeStaffVideoPage(
  results: StaffVideo[],
  more: Partial<StaffVideoPage> = {},
): StaffVideoPage {
  return { count: results.length, next: null, previous: null, results, ...more };
}

/** A contest's agreement as GET /api/contests/{id}/agreement/ answers (the default text of `makeContest`). */
export function makeAgreement(overrides: Partial<AgreementResponse> = {}): AgreementResponse {
  const contest = makeContest();
  return {
    version: 1,
    sha256: 'a'.repeat(64),
    text: defaultAgreementText({
      title: contest.title,
      brandName: contest.brand.name,
      timezone: contest.timezone,
      submissionDeadline: contest.submission_deadline,
      winnersAt: contest.winners_at,
    }),
    current_version: 1,
    accepted: null,
    ...overrides,
  };
}
