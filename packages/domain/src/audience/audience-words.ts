// The audience award's limits, states and words: plain constants, no schema (the public gallery
// imports them without the validation library).

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
