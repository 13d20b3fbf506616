import { AUDIENCE_MESSAGES, audienceStatus } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { judgingContestOf } from '../contests';
import { canSeeAward } from './audience.policy';
import * as repo from './audience.repository';

export type AudienceServiceDeps = Pick<AppDeps, 'database' | 'config' | 'storage' | 'queue'>;

export const notSetUp = () => new AppError('not_found', AUDIENCE_MESSAGES.notSetUp);

/** What the audience award's parts share: the database, the clock, and loading a contest's award. */
export function audienceContext(deps: AudienceServiceDeps, clock: () => Date) {
  const { db } = deps.database;
  const mediaUrl = (key: string) => deps.storage.url(key);

  async function requireContest(contestId: number) {
    const contest = await judgingContestOf(db, contestId);
    if (!contest) throw notSetUp();
    return contest;
  }

  /** The contest and its award as `caller` may see them: 404 when there is none (or a draft's). */
  async function requireAward(caller: Caller | undefined, contestId: number) {
    const contest = await requireContest(contestId);
    const award = await repo.findAward(db, contestId);
    if (!award || !canSeeAward(caller, contest)) throw notSetUp();
    return { contest, award, status: audienceStatus(award, clock()) };
  }

  return { deps, db, clock, mediaUrl, requireContest, requireAward };
}
export type AudienceContext = ReturnType<typeof audienceContext>;
