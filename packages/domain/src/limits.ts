/** Business constants and limits of spec §9. Every screen and route reads them from here. */
export const LIMITS = {
  prizeUsd: 5000,
  minimumAge: 18,
  registerTimeoutMs: 20_000,
  productRequestTimeoutMs: 6_500,
  maxVideoBytes: 500 * 1024 * 1024,
  allowedVideoTypes: ['video/mp4', 'video/webm', 'video/quicktime'] as const,
  bioMaxLength: 500,
  /** ASVS 4 level 2 (2.1.1): at least 12 characters (the spec's 8 is raised; docs/spec-decisions.md). */
  passwordMinLength: 12,
  /** Longest password accepted: bounds the cost of hashing and of the similarity rule. */
  passwordMaxLength: 128,
  /** Longest e-mail address (RFC 5321 path limit). */
  emailMaxLength: 254,
  /** Longest person's name (full name, first or last name). */
  nameMaxLength: 200,
  redirectAfterResetMs: 3_000,
  redirectAfterApplicationMs: 2_000,
  recentUploadsShown: 5,
  completenessToastEveryMs: 240_000,
  completenessToastShownMs: 4_000,
  errorToastMs: 5_000,
  applicationSuccessSnackbarMs: 4_000,
  defaultNotificationMs: 3_000,
  maxNotifications: 3,
  searchDebounceMs: 500,
  communityBoardScrollPx: 600,
  communityBoardScrollMs: 400,
  winnersCarouselPxPerFrame: 0.5,
  brandLogoCount: 9,
  videoPageSizeDefault: 24,
  videoPageSizeMax: 100,
  avatarMaxBytes: 5 * 1024 * 1024,
} as const;

/**
 * Longest value of each kind of stored text (issue 18 M6): the request schemas refuse longer
 * values with `tooLongMessage`, and the database's CHECK constraints (migration field_limits)
 * refuse them too, whoever writes.
 */
export const FIELD_LIMITS = {
  /** RFC 5321 path limit. */
  email: 254,
  /** A person's name: full name, first name or last name. */
  name: 200,
  phone: 32,
  /** Spec §9. */
  bio: 500,
  /** Any other creator-profile field (links, address lines, gender). */
  profileText: 2000,
  url: 2000,
  companyName: 200,
  videoTitle: 200,
  videoDescription: 5000,
  reviewReason: 500,
  decisionNote: 2000,
} as const;

/** Chair product ids (spec §3, §9). */
export const CHAIR_IDS = { E3: 1, X7: 2, P2: 3 } as const;
export type ChairCode = keyof typeof CHAIR_IDS;

/** The contest the landing page applies to (spec §9). */
export const FEATURED_CONTEST_ID = 1;
export const FEATURED_CONTEST_SLUG = 'hbada-chair-contest';

/**
 * A voter (issue 50) is an account made from an audience gallery to vote: e-mail and password, no
 * creator profile; it signs in, votes, changes its password and reads its notifications, nothing else.
 */
export type Role = 'creator' | 'brand' | 'staff' | 'voter';
export const ROLES: readonly Role[] = ['creator', 'brand', 'staff', 'voter'];

/**
 * Per-creator upload quotas and the server's disk reserve (issue 18, M5). The server may lower or
 * raise each with an environment variable (config/env.ts), e.g. for tests.
 */
export const UPLOAD_QUOTAS = {
  /** Bytes of originals one creator may keep stored (10 full-size uploads). */
  maxStoredBytes: 5 * 1024 * 1024 * 1024,
  /** Videos one creator may upload in any 24 hours. */
  maxVideosPerDay: 20,
  /** Uploads one creator may have under way at once (unfinished resumable ones included). */
  maxConcurrentUploads: 3,
  /** Videos of one creator that may wait for or be in processing at once. */
  maxProcessing: 10,
  /** Free disk the server keeps on its data disk: below this (after the upload) it refuses bytes. */
  minFreeDiskBytes: 2 * 1024 * 1024 * 1024,
} as const;
