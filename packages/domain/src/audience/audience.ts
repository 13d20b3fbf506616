import { z } from 'zod';
import { videoPlaybackSchema } from '../videos/video-api';
import { AUDIENCE_LIMITS, AUDIENCE_MESSAGES, AUDIENCE_STATUSES, type AudienceStatus } from './audience-words';

export * from './audience-words';

/**
 * The audience award (issue 50): a public gallery of a contest's finalists, one vote per verified
 * account and entry up to the contest's limit, counts hidden until the close, votes that look like
 * a ring held as `suspect` until staff release them, and a prize paid like any other.
 */

const instant = () => z.iso.datetime({ offset: true });
const entryId = z.number().int().positive().max(2_147_483_647);

/** `PUT /api/contests/{id}/audience/`: the award's set-up. */
export const audienceSetupBodySchema = z
  .object({
    voting_opens_at: instant(),
    voting_closes_at: instant(),
    prize_cents: z.number().int().min(0).max(AUDIENCE_LIMITS.prizeCentsMax),
    votes_per_voter: z
      .number()
      .int()
      .min(AUDIENCE_LIMITS.votesPerVoterMin, AUDIENCE_MESSAGES.votesPerVoter)
      .max(AUDIENCE_LIMITS.votesPerVoterMax, AUDIENCE_MESSAGES.votesPerVoter),
    finalist_entry_ids: z
      .array(entryId)
      .min(1, AUDIENCE_MESSAGES.finalistsRequired)
      .max(AUDIENCE_LIMITS.finalistsMax, AUDIENCE_MESSAGES.finalistsTooMany)
      .refine((ids) => new Set(ids).size === ids.length, AUDIENCE_MESSAGES.finalistsDistinct),
  })
  .refine((body) => Date.parse(body.voting_closes_at) > Date.parse(body.voting_opens_at), {
    message: AUDIENCE_MESSAGES.windowOrder,
    path: ['voting_closes_at'],
  });
export type AudienceSetupBody = z.infer<typeof audienceSetupBodySchema>;

export const audienceFinalistSchema = z.object({
  entry_id: z.number(),
  title: z.string(),
  creator_name: z.string(),
  poster_url: z.string().nullable(),
  playback: videoPlaybackSchema.nullable(),
});
export type AudienceFinalist = z.infer<typeof audienceFinalistSchema>;

/** `GET /api/contests/{id}/audience/` (public): no counts while voting is open. */
export const audienceSchema = z.object({
  contest_id: z.number(),
  status: z.enum(AUDIENCE_STATUSES),
  opens_at: z.string(),
  closes_at: z.string(),
  prize_cents: z.number(),
  currency: z.string(),
  votes_per_voter: z.number(),
  finalists: z.array(audienceFinalistSchema),
  /** The entries the caller voted for (empty when signed out). */
  my_votes: z.array(z.number()),
  /** The audience winner once staff confirmed the award, else null. */
  winner_entry_id: z.number().nullable(),
});
export type Audience = z.infer<typeof audienceSchema>;

/** `POST /api/contests/{id}/votes/`. */
export const castVoteBodySchema = z.object({ entry_id: entryId });
export type CastVoteBody = z.infer<typeof castVoteBodySchema>;
export const castVoteSchema = z.object({
  entry_id: z.number(),
  status: z.enum(['counted', 'suspect']),
});
export type CastVote = z.infer<typeof castVoteSchema>;

/** `GET /api/contests/{id}/audience/tally/`: counted, held and voided votes per finalist. */
export const audienceTallySchema = z.array(
  z.object({ entry_id: z.number(), votes: z.number(), suspect: z.number(), voided: z.number() }),
);
export type AudienceTally = z.infer<typeof audienceTallySchema>;

/**
 * `GET /api/contests/{id}/audience/clusters/` (staff): where votes bunch up. A network is shown by
 * its key (a keyed hash: the platform never stores a voter's address).
 */
export const voteClusterSchema = z.object({
  kind: z.enum(['network', 'minute', 'signup_day']),
  key: z.string(),
  votes: z.number(),
  suspect: z.number(),
  voided: z.number(),
  accounts: z.number(),
  first_at: z.string(),
  last_at: z.string(),
  /**
   * A sign-up day's accounts that still have a vote not voided (lowest ids first, at most
   * `AUDIENCE_LIMITS.idsMax`): what its Void sends as `account_ids`. Absent for the other kinds,
   * which void by network or time window.
   */
  account_ids: z.array(z.number()).optional(),
});
export const voteClustersSchema = z.array(voteClusterSchema);
export type VoteCluster = z.infer<typeof voteClusterSchema>;

const reason = z.string().trim().min(1, AUDIENCE_MESSAGES.reasonRequired).max(AUDIENCE_LIMITS.reasonMax);

/** A network key as the clusters and the CSV show it. */
export const networkKeySchema = z
  .string()
  .regex(/^n_[0-9a-f]{16}$/, 'A network key looks like n_0123456789abcdef.');

/** `POST /api/contests/{id}/votes/void/` (staff): every vote matching all the filters given. */
export const voidVotesBodySchema = z
  .object({
    account_ids: z
      .array(z.number().int().positive().max(2_147_483_647))
      .min(1)
      .max(AUDIENCE_LIMITS.idsMax)
      .optional(),
    network: networkKeySchema.optional(),
    from: instant().optional(),
    to: instant().optional(),
    reason,
  })
  .refine((body) => body.account_ids || body.network || body.from || body.to, {
    message: AUDIENCE_MESSAGES.voidFilterRequired,
    path: ['account_ids'],
  });
export type VoidVotesBody = z.infer<typeof voidVotesBodySchema>;
export const voidVotesSchema = z.object({ voided: z.number() });

/** `POST /api/contests/{id}/votes/release/` (staff): suspect votes to count. */
export const releaseVotesBodySchema = z.object({
  vote_ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .max(AUDIENCE_LIMITS.idsMax),
});
export type ReleaseVotesBody = z.infer<typeof releaseVotesBodySchema>;
export const releaseVotesSchema = z.object({ released: z.number() });

/** `POST /api/contests/{id}/audience/award/` (staff, after the close). */
export const audienceAwardSchema = z.object({
  entry_id: z.number(),
  earning_id: z.number().nullable(),
  amount_cents: z.number(),
});
export type AudienceAward = z.infer<typeof audienceAwardSchema>;

/** Upcoming, open or closed at `now`. */
export function audienceStatus(window: { opensAt: Date; closesAt: Date }, now: Date): AudienceStatus {
  if (now < window.opensAt) return 'upcoming';
  return now < window.closesAt ? 'open' : 'closed';
}

/** The CSV of votes (staff): one row a vote, no client address (only its keyed hashes). */
export const VOTES_CSV_HEADER = [
  'vote_id',
  'entry_id',
  'account_id',
  'status',
  'flags',
  'address_key',
  'network_key',
  'account_age_hours',
  'cast_at',
  'void_reason',
] as const;
