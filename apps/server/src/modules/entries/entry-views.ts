import type { Entry, EntryListQuery, Page } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { pageWindow, toPage } from '../../lib/paging';
import type { Caller } from '../../plugins/auth';
import type { EntriesPorts } from './entries.ports';
import { assertCanReviewContest } from './entries.policy';
import type { EntryStanding } from './entries.presenter';
import * as repo from './entries.repository';
import type { EntryContext } from './entry-context';
import { notFound } from './entry-errors';

/** Entries as their pages show them: the caller's own, one entry, and a contest's for its reviewers. */
export function entryViews(
  deps: Pick<AppDeps, 'config'>,
  { db, withOwners, present, presentMany, historiesOf, loadVisible }: EntryContext,
  ports: EntriesPorts,
) {
  const { contests } = ports;
  /** The entries' releases' state and published place: one query each, for any page. */
  const standing = async (ids: number[]) => {
    const [counts, places] = await Promise.all([ports.releaseCountsOf(db, ids), ports.placesOf(db, ids)]);
    return (id: number): EntryStanding | undefined => ({
      releases: counts.get(id),
      place: places.get(id) ?? null,
    });
  };

  return {
    /** The caller's own entry in a contest, or null (the submit page shows it). */
    async mine(contestRef: string, user: Caller): Promise<Entry | null> {
      const contest = await contests.getContestOwner(contestRef);
      const record = await repo.findEntryOf(db, contest.id, user.id);
      const [row] = record ? await withOwners([record]) : [];
      return row ? present(row, user) : null;
    },

    /** One entry with its versions, notes and timeline: the entrant, staff and the contest's brand. */
    async get(id: number, user: Caller): Promise<Entry> {
      const [entry] = await presentMany([(await loadVisible(id, user)).row], user, standing);
      if (!entry) throw notFound();
      return entry;
    },

    /**
     * A page of a contest's entries — each with its newest version first-class and its versions,
     * notes and timeline — for staff and the contest's brand (403 for anyone else), most recently
     * changed first, optionally filtered: `needs_review` (in review, and nobody has noted the
     * newest version yet or notes are open), `revision_requested`, `ready_for_judging` (in review,
     * the newest version noted and every note resolved). The same dozen queries for any page size.
     */
    async listForReviewer(
      contestRef: string,
      user: Caller,
      query: EntryListQuery,
      url: URL,
    ): Promise<Page<Entry>> {
      const contest = await contests.getContestOwner(contestRef, user);
      assertCanReviewContest(user, contest);
      const request = { page: query.page, pageSize: query.page_size, url };
      const { rows, count } = await repo.pageEntriesOfContest(
        db,
        contest.id,
        query.filter,
        pageWindow(request),
      );
      const [owned, present] = await Promise.all([
        withOwners(rows),
        historiesOf(
          rows.map((row) => row.id),
          user,
          standing,
        ),
      ]);
      return toPage(present(owned), count, request, deps.config.PUBLIC_URL);
    },
  };
}
