import { describe, expect, it } from 'vitest';
import { AUDIENCE_MESSAGES } from '@app/domain';
import { voteButtonState, votesLeft } from '../lib/vote-button';

const open = { status: 'open' as const, my_votes: [] as number[], votes_per_voter: 2 };
const signedIn = { signedIn: true, unverified: false };

describe('the Vote button of a finalist', () => {
  it('asks a signed-out visitor to sign up or in', () => {
    expect(voteButtonState(open, 7, { signedIn: false, unverified: false })).toEqual({ kind: 'sign_in' });
  });

  it('votes for a signed-in voter with votes left', () => {
    expect(voteButtonState(open, 7, signedIn)).toEqual({ kind: 'vote' });
  });

  it('says "You voted" for a film voted for, even after the close', () => {
    expect(voteButtonState({ ...open, my_votes: [7] }, 7, signedIn)).toEqual({ kind: 'voted' });
    expect(voteButtonState({ ...open, status: 'closed', my_votes: [7] }, 7, signedIn)).toEqual({
      kind: 'voted',
    });
  });

  it('is disabled with the domain words when the votes are used up, unverified, or voting is not open', () => {
    expect(voteButtonState({ ...open, my_votes: [1, 2] }, 7, signedIn)).toEqual({
      kind: 'disabled',
      reason: AUDIENCE_MESSAGES.voteLimit,
    });
    expect(voteButtonState(open, 7, { signedIn: true, unverified: true })).toEqual({
      kind: 'disabled',
      reason: AUDIENCE_MESSAGES.unverified,
    });
    for (const status of ['upcoming', 'closed'] as const)
      expect(voteButtonState({ ...open, status }, 7, { signedIn: false, unverified: false })).toEqual({
        kind: 'closed',
        reason: AUDIENCE_MESSAGES.votingClosed,
      });
  });

  it('counts the votes left', () => {
    expect(votesLeft({ ...open, my_votes: [3] })).toBe(1);
    expect(votesLeft({ ...open, my_votes: [3, 4, 5] })).toBe(0);
  });
});
