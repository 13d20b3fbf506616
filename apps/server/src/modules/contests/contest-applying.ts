import { MESSAGES, type ContestResponse, type Role } from '@app/domain';
import { AppError } from '../../lib/errors';
import { parseContestRef, type ContestAccess } from './contest-access';
import { assertCanApply } from './contests.policy';
import * as repo from './contests.repository';

/** The client address recorded for calls made by the server itself (the demo seed). */
export const SERVER_SIDE = { ip: 'server' };

/** What applying asks of contests (the applications module applies: applying.ts). */
export function contestApplying({ db, withProducts }: ContestAccess) {
  return {
    /**
     * The contest a creator applies to, with its products: only creators apply (403), a contest
     * that does not exist is a validation error, a draft does not exist for creators (404), and a
     * contest no longer accepting applications is a validation error.
     */
    async contestToApply(ref: string, user: { id: number; role: Role }): Promise<ContestResponse> {
      assertCanApply(user);
      const row = await repo.findContest(db, parseContestRef(ref));
      if (!row) throw AppError.validation({ contest: [MESSAGES.application.invalidContest] });
      // A draft does not exist for creators.
      if (row.publicationStatus === 'draft') throw new AppError('not_found', MESSAGES.generic.notFound);
      const contest = (await withProducts([row]))[0]!;
      if (!contest.accepting_applications) {
        throw AppError.validation({ contest: [MESSAGES.application.contestClosed] });
      }
      return contest;
    },
  };
}
