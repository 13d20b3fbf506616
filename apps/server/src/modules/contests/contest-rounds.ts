import {
  filmRoundOf,
  MESSAGES,
  ROUND_MESSAGES,
  updateRoundsBodySchema,
  type RoundData,
  type RoundResponse,
  type UpdateRoundsBody,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { lockContest } from './agreements.repository';
import { parseContestRef, type ContestAccess } from './contest-access';
import { auditView, changedFields, validationError } from './contest-body';
import { assertCanEdit, canSeeContest } from './contests.policy';
import type { ContestsPorts } from './contests.ports';
import { toRound } from './contests.presenter';
import * as repo from './contests.repository';
import * as rounds from './rounds.repository';

/**
 * A contest's rounds (issue 47): read by whoever sees the contest, saved as a whole list by whoever
 * edits it. The last round and the contest share the submission deadline (its `closes_at`), the
 * judging end and the rubric: saving rounds moves the contest's, editing the contest moves the
 * last round's, so everything that reads the contest's timeline keeps working.
 */

/** What a contest's default round is built from (a stored contest's columns). */
type TimelineColumns = Pick<
  repo.ContestRecord,
  'startsAt' | 'submissionDeadline' | 'judgingEndsAt' | 'rubric'
>;

/** A round of the API as its stored values. */
function roundValues(round: Omit<RoundData, 'id'>): rounds.RoundValues {
  return {
    kind: round.kind,
    title: round.title,
    brief: round.brief,
    opensAt: new Date(round.opens_at),
    closesAt: new Date(round.closes_at),
    judgingEndsAt: new Date(round.judging_ends_at),
    entryPolicy: round.entry_policy,
    allowWildcards: round.allow_wildcards,
    advanceCount: round.advance_count,
    stipendCents: round.stipend_cents,
    rubric: round.rubric,
  };
}

/** The one film round of a contest created without rounds, as stored values (`filmRoundOf`). */
function filmRoundValues(contest: TimelineColumns): rounds.RoundValues {
  return roundValues(
    filmRoundOf({
      starts_at: contest.startsAt.toISOString(),
      submission_deadline: contest.submissionDeadline.toISOString(),
      judging_ends_at: contest.judgingEndsAt.toISOString(),
      rubric: contest.rubric,
    }),
  );
}

/** Stores a new contest's film round (in the transaction creating the contest). */
export async function storeFirstRound(tx: DbOrTx, contestId: number, contest: TimelineColumns) {
  await rounds.insertFirstRoundIfAbsent(tx, contestId, filmRoundValues(contest));
}

/**
 * A contest's stored rounds; a contest that has none (written outside this module, e.g. by a
 * script) gets its film round stored first, as the agreement's first version is on first read.
 */
async function roundsOf(db: DbOrTx, contest: TimelineColumns & { id: number }) {
  const stored = await rounds.listRounds(db, contest.id);
  if (stored.length) return stored;
  await storeFirstRound(db, contest.id, contest);
  return rounds.listRounds(db, contest.id);
}

/** A contest's rounds, first to last, stored first when it has none ([] when there is no contest). */
export async function storedRoundsOf(db: DbOrTx, contestId: number) {
  const record = await repo.findContestRecord(db, contestId);
  return record ? roundsOf(db, record) : [];
}

/**
 * Inside an edit of the contest (its transaction): the last round follows the contest's new
 * submission deadline, judging end and rubric, and a one-round contest's round its start when it
 * opened with the contest. 400 when the deadline would come before the last round opens.
 */
export async function roundsFollowContest(
  tx: DbOrTx,
  before: repo.ContestRecord,
  after: TimelineColumns,
): Promise<void> {
  const stored = await roundsOf(tx, before);
  const last = stored[stored.length - 1]!;
  const opensWithContest = stored.length === 1 && last.opensAt.getTime() === before.startsAt.getTime();
  const opensAt = opensWithContest ? after.startsAt : last.opensAt;
  if (opensAt > after.submissionDeadline) {
    throw AppError.validation({ submission_deadline: [ROUND_MESSAGES.deadlineBeforeLastRound] });
  }
  await rounds.updateRound(tx, before.id, last.id, {
    opensAt,
    closesAt: after.submissionDeadline,
    judgingEndsAt: after.judgingEndsAt,
    rubric: after.rubric,
  });
}

/**
 * The contest's dates once its last round is `last`: the submission deadline and judging end are
 * the round's; judging starts where it did, kept inside the new judging window; winners are not
 * announced before judging ends. 400 when the round closes before applications do.
 */
function timelineFollowing(record: repo.ContestRecord, last: RoundData, lastIndex: number) {
  const closesAt = new Date(last.closes_at);
  const judgingEndsAt = new Date(last.judging_ends_at);
  if (closesAt < record.applicationDeadline) {
    throw AppError.validation({ [`rounds.${lastIndex}.closes_at`]: [ROUND_MESSAGES.timelineConflict] });
  }
  const judgingStarts = Math.min(
    Math.max(record.judgingStartsAt.getTime(), closesAt.getTime()),
    judgingEndsAt.getTime(),
  );
  return {
    submissionDeadline: closesAt,
    judgingStartsAt: new Date(judgingStarts),
    judgingEndsAt,
    winnersAt: record.winnersAt < judgingEndsAt ? judgingEndsAt : record.winnersAt,
    rubric: last.rubric,
  };
}

const AUDITED_ROUND_FIELDS = [
  'id',
  'kind',
  'title',
  'brief',
  'opensAt',
  'closesAt',
  'judgingEndsAt',
  'entryPolicy',
  'allowWildcards',
  'advanceCount',
  'stipendCents',
  'rubric',
] as const;

/** A round as the audit row shows it (its own fields, dates as ISO strings). */
const auditRound = (row: rounds.RoundValues & { id?: number }) =>
  auditView(Object.fromEntries(AUDITED_ROUND_FIELDS.map((field) => [field, row[field]])));

export function contestRounds({ db, clock, managedRecord }: ContestAccess) {
  /** The contest's rounds as the API shows them. */
  async function present(contestId: number, currency: string): Promise<RoundResponse[]> {
    const now = clock();
    return (await rounds.listRounds(db, contestId)).map((row) => toRound(row, currency, now));
  }

  return {
    /** A contest's rounds, first to last (a draft's only for staff and its brand: 404 otherwise). */
    async listRounds(ref: string, user?: Caller): Promise<RoundResponse[]> {
      const contest = await repo.findContest(db, parseContestRef(ref));
      if (!contest || (contest.publicationStatus === 'draft' && !canSeeContest(user, contest))) {
        throw new AppError('not_found', MESSAGES.generic.notFound);
      }
      const stored = await roundsOf(db, contest);
      const now = clock();
      return stored.map((row) => toRound(row, contest.currency, now));
    },

    /**
     * Staff (and the brand's owners and managers, on a draft) save a contest's whole list of rounds:
     * rounds sent with their id keep their row, others are added, those left out are deleted (not
     * one with entries: 409 `round_has_entries`); the contest's timeline and rubric follow the last
     * round. One transaction, audited.
     */
    async updateRounds(
      ref: string,
      user: Caller,
      body: UpdateRoundsBody,
      ports: Pick<ContestsPorts, 'roundsWithEntriesOf'>,
    ): Promise<RoundResponse[]> {
      const { actor, row } = await managedRecord(ref, user);
      assertCanEdit(actor, row);
      const parsed = updateRoundsBodySchema.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error.issues);
      const list = parsed.data.rounds;
      await db.transaction(async (tx) => {
        await lockContest(tx, row.id, 'update');
        const record = (await repo.findContestRecord(tx, row.id))!;
        const stored = await roundsOf(tx, record);
        const storedIds = new Set(stored.map((round) => round.id));
        list.forEach((round, i) => {
          if (round.id !== undefined && !storedIds.has(round.id))
            throw AppError.validation({ [`rounds.${i}.id`]: [ROUND_MESSAGES.unknownRound] });
        });
        const kept = new Set(list.map((round) => round.id));
        // A round with entries is kept (409 `round_has_entries`); its entries keep their round.
        const withEntries = await ports.roundsWithEntriesOf(tx, row.id);
        if (withEntries.some((id) => !kept.has(id)))
          throw new AppError('round_has_entries', ROUND_MESSAGES.hasEntries);
        const timeline = timelineFollowing(record, list[list.length - 1]!, list.length - 1);
        const values = list.map((round) => ({ id: round.id, ...roundValues(round) }));
        await rounds.replaceRounds(tx, row.id, values);
        await repo.updateContest(tx, row.id, timeline);
        const contestBefore = auditView({
          submissionDeadline: record.submissionDeadline,
          judgingStartsAt: record.judgingStartsAt,
          judgingEndsAt: record.judgingEndsAt,
          winnersAt: record.winnersAt,
          rubric: record.rubric,
        });
        const contestDiff = changedFields(contestBefore, auditView(timeline));
        await recordAudit(tx, {
          actor: { userId: actor.id },
          action: 'contest.rounds',
          targetType: 'contest',
          targetId: row.id,
          before: { rounds: stored.map(auditRound), ...contestDiff.before },
          after: { rounds: values.map(auditRound), ...contestDiff.after },
        });
      });
      return present(row.id, row.currency);
    },
  };
}
