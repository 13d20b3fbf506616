import { AUDIENCE_MESSAGES, type Audience } from '@app/domain';

/** What a finalist's Vote button shows and does (the gallery's one rule for it). */
export type VoteButtonState =
  | { kind: 'sign_in' }
  | { kind: 'vote' }
  | { kind: 'voted' }
  /** Voting is not open: the words only (no button on every card). */
  | { kind: 'closed'; reason: string }
  | { kind: 'disabled'; reason: string };

/**
 * Signed out: sign in or sign up to vote; voted for this film: "You voted"; voting not open: the
 * domain's words; every vote used: disabled with the domain's words; an account the server says is unverified:
 * disabled with its words; else Vote.
 */
export function voteButtonState(
  audience: Pick<Audience, 'status' | 'my_votes' | 'votes_per_voter'>,
  entryId: number,
  { signedIn, unverified }: { signedIn: boolean; unverified: boolean },
): VoteButtonState {
  if (audience.my_votes.includes(entryId)) return { kind: 'voted' };
  if (audience.status !== 'open') return { kind: 'closed', reason: AUDIENCE_MESSAGES.votingClosed };
  if (!signedIn) return { kind: 'sign_in' };
  if (unverified) return { kind: 'disabled', reason: AUDIENCE_MESSAGES.unverified };
  if (audience.my_votes.length >= audience.votes_per_voter)
    return { kind: 'disabled', reason: AUDIENCE_MESSAGES.voteLimit };
  return { kind: 'vote' };
}

/** Votes the caller has left (never below zero). */
export const votesLeft = (audience: Pick<Audience, 'my_votes' | 'votes_per_voter'>) =>
  Math.max(0, audience.votes_per_voter - audience.my_votes.length);
