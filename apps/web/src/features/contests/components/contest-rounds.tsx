import { lazy } from 'react';
import type { ContestResponse } from '@app/domain';
import { Hydrated } from '../../../components/hydrated';
import { useContestRounds } from '../../../lib/contest-rounds';

// The timeline and the rounds' words are their own chunk: a one-round contest's page (every
// contest of the spec) sends none of it.
const RoundTimeline = lazy(() => import('./round-timeline'));

/**
 * The contest page's rounds (issue 47), for a contest of two rounds or more; a one-round contest
 * shows nothing (its page stays as it was: the brief's timeline says it all).
 */
export function ContestRounds({ contest }: { contest: Pick<ContestResponse, 'id' | 'timezone'> }) {
  const rounds = useContestRounds(contest.id).data;
  if (!rounds || rounds.length < 2) return null;
  return (
    <Hydrated>
      <RoundTimeline contest={contest} rounds={rounds} />
    </Hydrated>
  );
}
