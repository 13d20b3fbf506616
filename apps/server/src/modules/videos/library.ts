import {
  MESSAGES,
  type Video,
  type VideoAward,
  type VideoListQuery,
  type VideoPage,
  type VideoSearchQuery,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { toPrefixTsQuery } from './search-query';
import type { PageRequest } from './videos.presenter';
import { canListUnapprovedVideos } from './videos.policy';
import { createVideoViews, type VideosServiceDeps } from './video-views';
import type { VideosPorts } from './videos.ports';

/**
 * The places won by these videos, by video id (the trophy on the video page and the library card).
 * Judging owns the results; the app wiring passes its lookup in, so videos does not depend on it.
 */
export type VideoAwardsLookup = (db: DbOrTx, videoIds: number[]) => Promise<Map<number, VideoAward>>;

const pageRequest = (query: { page: number; page_size: number }, url: URL): PageRequest => ({
  page: query.page,
  pageSize: query.page_size,
  url,
});

/** The library (spec §7): the list, the search and each video's page, with the places videos won. */
export function createVideoLibrary(
  deps: VideosServiceDeps,
  { awardsOf, ...ports }: VideosPorts & { awardsOf: VideoAwardsLookup },
) {
  const db = deps.database.db;
  const { present, presentPage, loadVisible, rows: videoRows } = createVideoViews(deps, ports);

  /** A page's videos with the places they won (the trophy), in one query. */
  const withAwards = async (page: VideoPage): Promise<VideoPage> => {
    const awards = await awardsOf(
      db,
      page.results.map((v) => v.id),
    );
    // Set on the videos just built rather than copied with a spread: copying an object and adding a
    // field costs more than the rest of building it (see contests.presenter toContest).
    for (const video of page.results) video.award = awards.get(video.id) ?? null;
    return page;
  };

  return {
    /**
     * The library: approved videos, newest (or oldest) first. `is_standalone` or `mine` list the
     * signed-in creator's own (approved, unapproved or both, by `is_approved`); staff asking for
     * unapproved videos get everyone's (the review queue).
     */
    async list(user: Caller | undefined, query: VideoListQuery, url: URL): Promise<VideoPage> {
      const standalone = query.is_standalone === true;
      const own = standalone || query.mine === true;
      if (own && !user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      const reviewQueue = canListUnapprovedVideos(user) && query.is_approved === false;
      const request = pageRequest(query, url);
      const result = await videoRows.listVideos(db, {
        approved: own ? query.is_approved : reviewQueue ? false : true,
        ownerId: own ? user!.id : undefined,
        standaloneOnly: standalone,
        newestFirst: query.ordering === '-created_at',
        limit: request.pageSize,
        offset: (request.page - 1) * request.pageSize,
      });
      return withAwards(await presentPage(result, request, user));
    },

    /** Ranked full-text search over approved videos (docs/spec-decisions.md, "Search"). */
    async search(query: VideoSearchQuery, url: URL): Promise<VideoPage> {
      const request = pageRequest(query, url);
      const tsquery = toPrefixTsQuery(query.query);
      if (!tsquery) return presentPage({ rows: [], count: 0 }, request);
      const result = await videoRows.searchVideos(db, tsquery, {
        limit: request.pageSize,
        offset: (request.page - 1) * request.pageSize,
      });
      return withAwards(await presentPage(result, request));
    },

    /** One video, for whoever may see it (404 for anyone else). */
    async get(id: number, user?: Caller): Promise<Video> {
      const video = present(await loadVisible(id, user), user);
      const awards = await awardsOf(db, [id]);
      video.award = awards.get(id) ?? null;
      return video;
    },
  };
}

export type VideoLibrary = ReturnType<typeof createVideoLibrary>;
