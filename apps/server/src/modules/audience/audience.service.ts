import { audienceContext, type AudienceServiceDeps } from './audience-context';
import { audienceAward } from './award';
import { awardSetup } from './award-setup';
import { voteReview } from './vote-review';
import { voting } from './voting';

export type { AudienceServiceDeps };

/**
 * The audience award (issue 50): set-up, the public gallery, votes with their fraud signals, the
 * tally, staff's voiding and releasing, the CSV. The votes are this module's; the finalists' films
 * are asked of judging, the contest of contests, the voter of accounts.
 */
export function createAudienceService(deps: AudienceServiceDeps, clock: () => Date = () => new Date()) {
  const context = audienceContext(deps, clock);
  const setup = awardSetup(context);
  const votes = voting(context);
  const review = voteReview(context);
  const awarding = audienceAward(context);
  return {
    /** Set-up by staff or the contest's brand, and the public gallery (award-setup.ts). */
    setup: setup.setup,
    read: setup.read,
    /** Votes and the tally (voting.ts). */
    vote: votes.vote,
    tally: votes.tally,
    /** Staff's tools (vote-review.ts). */
    clusters: review.clusters,
    voidVotes: review.voidVotes,
    release: review.release,
    votesCsv: review.votesCsv,
    /** The award confirmed after the close, its earning on the ledger (award.ts). */
    award: awarding.award,
  };
}

export type AudienceService = ReturnType<typeof createAudienceService>;
