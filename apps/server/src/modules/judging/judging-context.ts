import { MESSAGES } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { judgingContestOf, type JudgingContest as ContestRow } from '../contests';
import { assertCanJudge, canJudge } from './judging.policy';
import { isJudgingOpen } from './standings';

export type JudgingServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

export const notFound = () => new AppError('not_found', MESSAGES.generic.notFound);

/**
 * What the parts of judging share: the contest (404 when there is none), the judge's check, the
 * judging window as the sheet shows it, and media URLs.
 */
export function createJudgingContext(deps: JudgingServiceDeps, clock: () => Date) {
  const db = deps.database.db;
  const requireContest = async (contestId: number) => {
    const contest = await judgingContestOf(db, contestId);
    if (!contest) throw notFound();
    return contest;
  };
  /** 403 for those who see the contest but do not judge it; 404 for a draft they cannot see. */
  const requireJudge = async (user: Caller, contest: ContestRow) => {
    if (contest.publicationStatus === 'draft' && !canJudge(user, contest)) throw notFound();
    assertCanJudge(user, contest);
  };
  const window = (contest: ContestRow, now = clock()) => ({
    contest_id: contest.id,
    title: contest.title,
    rubric: contest.rubric,
    judging_starts_at: contest.judgingStartsAt.toISOString(),
    judging_ends_at: contest.judgingEndsAt.toISOString(),
    results_published_at: contest.resultsPublishedAt?.toISOString() ?? null,
    is_open: isJudgingOpen(contest, now),
  });

  return {
    db,
    clock,
    mediaUrl: (key: string) => deps.storage.url(key),
    requireContest,
    requireJudge,
    window,
  };
}

export type JudgingContext = ReturnType<typeof createJudgingContext>;
