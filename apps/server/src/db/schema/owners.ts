import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from './index';

/**
 * Which module owns each table: only the owner's files (under `modules/<owner>/`) may name the
 * table, as the Drizzle object or in raw SQL; every other module asks the owner's service.
 * `npm run check` enforces it (apps/server/scripts/check-module-boundaries.ts), and
 * docs/ARCHITECTURE.md lists the same map. A new table fails typecheck until it is given an owner.
 *
 * Two tables belong to shared infrastructure rather than to a module: `throttles` (lib/throttle.ts,
 * the rate-limit counters any module may use) and `job_leases` (jobs/, the queue's worker leases).
 */
export const tableOwners = {
  users: 'accounts',
  brands: 'accounts',
  brandProfiles: 'accounts',
  invitations: 'accounts',
  socialAccounts: 'accounts',
  refreshTokens: 'accounts',
  creatorProfiles: 'creators',
  contests: 'contests',
  products: 'contests',
  contestProducts: 'contests',
  contestAgreements: 'contests',
  contestRounds: 'contests',
  agreementAcceptances: 'contests',
  applications: 'applications',
  contestEntries: 'entries',
  entryVersions: 'entries',
  entryNotes: 'entries',
  entryEvents: 'entries',
  entryQcOverrides: 'entries',
  entryApprovals: 'entries',
  videos: 'videos',
  videoCounts: 'videos',
  videoUploads: 'videos',
  uploadSlots: 'videos',
  videoQc: 'videos',
  entryScores: 'judging',
  contestResults: 'judging',
  roundAdvancements: 'judging',
  ledgerEntries: 'payouts',
  payees: 'paperwork',
  entryReleases: 'paperwork',
  licences: 'delivery',
  licenceExtensions: 'delivery',
  auditLog: 'audit',
  notifications: 'notifications',
  notificationPreferences: 'notifications',
  liveEvents: 'notifications',
  eventTickets: 'notifications',
  liveStreams: 'notifications',
  conversationThreads: 'conversations',
  conversationMessages: 'conversations',
  conversationReads: 'conversations',
  playDays: 'insights',
  playTotals: 'insights',
  playMarks: 'insights',
  playClients: 'insights',
  audienceAwards: 'audience',
  audienceFinalists: 'audience',
  audienceVotes: 'audience',
  throttles: 'infrastructure',
  jobLeases: 'infrastructure',
} as const satisfies Record<TableExport, string>;

/** The name of every table object `db/schema` exports. */
type TableExport = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];
