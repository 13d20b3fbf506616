import { z } from 'zod';
import { videoPlaybackSchema } from '../videos/video-api';

/**
 * The audience award (issue 50): a public gallery of a contest's finalists, one vote per verified
 * account and entry up to the contest's limit, counts hidden until the close, votes that look like
 * a ring held as `suspect` until staff release them, and a prize paid like any other.
 */

export const AUDIENCE_LIMITS = {
  votesPerVoterMin: 1,
  votesPerVoterMax: 3,
  finalistsMax: 24,
  prizeCentsMax: 10_000_000,
  reasonMax: 1_000,
  /**
   * Votes from one client address (its keyed hash) within `rateWindowMinutes` beyond which the
   * next ones are held as suspect: a household or an office votes a few times, a script many.
   */
  perAddressVotes: 5,
  /** The same for one network (IPv4 /24, IPv6 /48): a campus or a mobile carrier's NAT. */
  perNetworkVotes: 20,
  rateWindowMinutes: 10,
  /** Most vote ids released at once, most accounts voided at once. */
  idsMax: 500,
} as const;

export const AUDIENCE_STATUSES = ['upcoming', 'open', 'closed'] as const;
export type AudienceStatus = (typeof AUDIENCE_STATUSES)[number];

export const VOTE_STATUSES = ['counted', 'suspect', 'voided'] as const;
export type VoteStatus = (typeof VOTE_STATUSES)[number];

/** Why a vote is flagged for staff (shown in the tally's clusters and the CSV). */
export const VOTE_FLAGS = ['address_rate', 'network_rate', 'new_account', 'disposable_email'] as const;
export type VoteFlag = (typeof VOTE_FLAGS)[number];

export const AUDIENCE_MESSAGES = {
  windowOrder: 'Voting must close after it opens.',
  votesPerVoter: `Each voter has ${AUDIENCE_LIMITS.votesPerVoterMin}–${AUDIENCE_LIMITS.votesPerVoterMax} votes.`,
  finalistsRequired: 'Choose at least one finalist.',
  finalistsTooMany: `At most ${AUDIENCE_LIMITS.finalistsMax} finalists.`,
  finalistsDistinct: 'Each finalist is listed once.',
  notAnEntry: 'Finalists are entries of this contest with a judged version.',
  votingStarted: 'Voting has started: the finalists and the number of votes can no longer change.',
  notSetUp: 'This contest has no audience award.',
  unverified: 'Verify your e-mail address before you vote.',
  alreadyVoted: 'You have already voted for this film. Votes are final.',
  voteLimit: 'You have used all your votes in this contest.',
  votingClosed: 'Voting is not open.',
  notAFinalist: 'This entry is not a finalist of the audience award.',
  tallyHidden: 'The tally is shown after voting closes.',
  reasonRequired: 'Say why these votes are voided.',
  voidFilterRequired: 'Choose accounts, a network or a time window to void.',
  beforeClose: 'The audience award is decided after voting closes.',
  alreadyAwarded: 'The audience award was already given.',
  noVotes: 'No counted votes: there is no audience winner.',
} as const;

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
