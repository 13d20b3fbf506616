/** Business constants and limits of spec §9. Every screen and route reads them from here. */
export const LIMITS = {
  prizeUsd: 5000,
  minimumAge: 18,
  registerTimeoutMs: 20_000,
  productRequestTimeoutMs: 6_500,
  maxVideoBytes: 500 * 1024 * 1024,
  allowedVideoTypes: ['video/mp4', 'video/webm', 'video/quicktime'] as const,
  bioMaxLength: 500,
  passwordMinLength: 8,
  /** Longest password accepted: bounds the cost of hashing and of the similarity rule. */
  passwordMaxLength: 128,
  /** Longest e-mail address (RFC 5321 path limit). */
  emailMaxLength: 254,
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

/** Chair product ids (spec §3, §9). */
export const CHAIR_IDS = { E3: 1, X7: 2, P2: 3 } as const;
export type ChairCode = keyof typeof CHAIR_IDS;

/** The contest the landing page applies to (spec §9). */
export const FEATURED_CONTEST_ID = 1;
export const FEATURED_CONTEST_SLUG = 'hbada-chair-contest';

export type Role = 'creator' | 'brand' | 'staff';
export const ROLES: readonly Role[] = ['creator', 'brand', 'staff'];

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
