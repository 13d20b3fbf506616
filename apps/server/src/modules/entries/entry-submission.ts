import {
  ENTRY_ERROR_CODES,
  ENTRY_MESSAGES,
  ROUND_ENTRY_ERROR_CODES,
  ROUND_ENTRY_LIMITS,
  ROUND_ENTRY_MESSAGES,
  roundEntryIssues,
  type Entry,
  type EntryEligibility,
  type SubmitEntryBody,
  type SubmitRefusal,
  type SubmitRoundEntryBody,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { applicationStatusOf } from '../applications';
import {
  roundInContest,
  roundsOfContest,
  SERVER_SIDE,
  statusOfRound,
  type createContestsService,
} from '../contests';
import type { EntriesPorts } from './entries.ports';
import { canSubmit } from './entries.policy';
import type { EntryContext } from './entry-context';
import { forbidden, notFound } from './entry-errors';
import { entryWriting, roundAdmissions, settleVideo } from './entry-writing';

/**
 * Submitting a video to a contest: who may, the checks against the brief, a new entry or its next
 * version, and a video still processing settling later.
 */
export function entrySubmission(
  context: EntryContext,
  contests: Pick<ReturnType<typeof createContestsService>, 'getContest'>,
  clock: () => Date,
  ports: Pick<EntriesPorts, 'wasAdvancedFrom'>,
) {
  const { db, videos } = context;

  /**
   * Who may submit: a creator whose application to the contest is selected, before the contest's
   * submission deadline. After the deadline the answer is `submissions_closed` whatever the
   * application (nothing anyone does can change it); before, the application's status says why not.
   */
  async function eligibilityFor(
    contest: { id: number; submission_deadline: string },
    user: Caller,
  ): Promise<EntryEligibility> {
    const status = canSubmit(user) ? await applicationStatusOf(db, contest.id, user.id) : null;
    const reason: SubmitRefusal | null = !canSubmit(user)
      ? 'not_creator'
      : clock() > new Date(contest.submission_deadline)
        ? 'submissions_closed'
        : status === null
          ? 'not_applied'
          : status === 'selected'
            ? null
            : (`application_${status}` as const);
    return { can_submit: reason === null, reason, application_status: status };
  }

  const { store, filmVersion, enteredVideo } = entryWriting(context, clock);
  const roundAdmission = roundAdmissions(context, clock, ports);

  /** A contest's round by id, with its contest (404 for a round of a contest the caller cannot see). */
  async function roundToEnter(roundId: number) {
    const place = await roundInContest(db, roundId);
    if (!place) throw notFound();
    const contest = await contests.getContest(String(place.round.contestId)).catch(() => {
      throw notFound();
    });
    return { place, contest };
  }

  const api = {
    /**
     * A selected creator submits one of their own videos to a contest before its submission
     * deadline. The video is checked against the contest's requirements (`checkAgainstBrief`).
     * The first submission creates the entry; each further one adds the next version to the same
     * entry. A processed video goes straight to review; one still processing waits (status
     * `processing`) until its video settles. A contest in rounds (issue 47) is entered in its open
     * film round, under that round's rules (`submitToRound`).
     */
    async submit(
      contestRef: string,
      user: Caller,
      body: SubmitEntryBody,
      /** The client's address (request.ip), recorded with the agreement acceptance. */
      client: { ip: string } = SERVER_SIDE,
    ): Promise<Entry> {
      if (!canSubmit(user)) throw forbidden(ENTRY_MESSAGES.notSelected);
      const contest = await contests.getContest(contestRef);
      const rounds = await roundsOfContest(db, contest.id);
      if (rounds.length > 1) {
        const now = clock();
        const film = rounds.find((r) => r.kind === 'film' && statusOfRound(r, now) === 'open');
        if (!film)
          throw new AppError(ROUND_ENTRY_ERROR_CODES.roundClosed, ROUND_ENTRY_MESSAGES.noOpenFilmRound);
        return api.submitToRound(film.id, user, body, client);
      }
      const { reason } = await eligibilityFor(contest, user);
      if (reason === 'submissions_closed')
        throw new AppError(ENTRY_ERROR_CODES.deadlinePassed, ENTRY_MESSAGES.deadlinePassed);
      if (reason) throw new AppError(ENTRY_ERROR_CODES.notSelected, ENTRY_MESSAGES.notSelected);
      const version = await filmVersion(contest, body, user);
      return store(contest, rounds[0]!.id, false, user, version, body, client);
    },

    /**
     * A creator enters a round (issue 47; `POST /api/rounds/{id}/entries/`): who may is the round's
     * policy (`roundAdmission`); an idea is a title and text, a pitch a title and a video of up
     * to 90 seconds, a film a video checked as a contest entry. Again: the entry's next version.
     */
    async submitToRound(
      roundId: number,
      user: Caller,
      body: SubmitRoundEntryBody,
      client: { ip: string } = SERVER_SIDE,
    ): Promise<Entry> {
      if (!canSubmit(user)) throw forbidden(ENTRY_MESSAGES.notSelected);
      const { place, contest } = await roundToEnter(roundId);
      const issues = roundEntryIssues(place.round.kind, body);
      if (Object.keys(issues).length) throw AppError.validation(issues);
      const { wildcard } = await roundAdmission(place, contest, user);
      const { round } = place;
      if (round.kind === 'idea') {
        const version = { video: null, title: body.title!, text: body.text!, checks: [], warnings: false };
        return store(contest, round.id, wildcard, user, version, body, client);
      }
      if (round.kind === 'pitch') {
        const video = await enteredVideo(body.video_id!, user);
        if (video.duration > ROUND_ENTRY_LIMITS.pitchSecondsMax)
          throw AppError.validation({ video_id: [ROUND_ENTRY_MESSAGES.pitchTooLong] });
        const version = { video, title: body.title!, text: null, checks: [], warnings: false };
        return store(contest, round.id, wildcard, user, version, body, client);
      }
      const version = await filmVersion(contest, { ...body, video_id: body.video_id! }, user);
      return store(contest, round.id, wildcard, user, version, body, client);
    },

    /**
     * May the caller submit a video to the contest now, and if not, why (Submit Video shows the
     * reason and the next step): the rule `submit` applies.
     */
    async eligibility(contestRef: string, user: Caller): Promise<EntryEligibility> {
      return eligibilityFor(await contests.getContest(contestRef), user);
    },

    /** The job handler's work: a video's processing settled (see `settleVideo`). */
    async videoSettled(videoId: number, status: 'ready' | 'failed'): Promise<void> {
      let failure: string | null = null;
      if (status === 'failed')
        failure = (await videos.entryVideos([videoId])).get(videoId)?.failure_reason ?? null;
      await settleVideo(context, videoId, status, failure);
    },
  };
  return api;
}
