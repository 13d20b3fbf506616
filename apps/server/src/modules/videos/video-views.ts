import { MESSAGES } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { videoMediaUrl } from '../../storage/media-signing';
import { signDownloadToken } from '../../lib/download-tokens';
import { createVideoRows, type VideoRow } from './video-rows';
import type { VideosPorts } from './videos.ports';
import type { OwnVideoRow } from './videos.repository';
import { toEntryVideo, toVideo, toVideoPage, type PageRequest } from './videos.presenter';
import { canDownloadOriginal, canSeeVideo, isBrandCaller, type VideoAccess } from './videos.policy';

export type VideosServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

export const notFound = () => new AppError('not_found', MESSAGES.generic.notFound);

/**
 * How a video is shown to a caller, shared by the videos service's parts: its media and download
 * URLs, the caller's access to it (the brand of a contest it was entered in), the presented video
 * or page, and loading a video only if the caller may see it.
 */
export function createVideoViews(deps: VideosServiceDeps, ports: VideosPorts) {
  const db = deps.database.db;
  const { storage } = deps;
  const rows = createVideoRows(ports);
  /** A video's media URLs: public once approved, signed and expiring before (issue 18, L8). */
  const mediaUrlOf = (row: { isApproved: boolean }) =>
    videoMediaUrl(deps.config.JWT_SECRET, (key) => storage.url(key), row);
  /** The caller's download link of a video: a signed token for those allowed, else null. */
  const downloadUrlFor = (user: Caller | undefined) => (row: OwnVideoRow & VideoAccess) =>
    user && canDownloadOriginal(user, row)
      ? `/api/videos/videos/${row.id}/download/?token=${signDownloadToken(deps.config.JWT_SECRET, row.id, user)}`
      : null;
  /**
   * Marks the rows entered in a contest of the caller's brand (`enteredWithCallersBrand`) and the
   * masters delivered to it (`deliveredToCallersBrand`), which the rules read for brand callers;
   * other callers' rows are returned as they are.
   */
  const withEntryAccess = async <Row extends OwnVideoRow>(
    found: Row[],
    user: Caller | undefined,
  ): Promise<Array<Row & VideoAccess>> => {
    if (!isBrandCaller(user)) return found;
    const brandId = found.length ? user.brandId : null;
    const none = new Set<number>();
    const entered =
      brandId === null
        ? none
        : await ports.videosEnteredWithBrand(
            db,
            brandId,
            found.map((row) => row.id),
          );
    // Only a video entered with the brand's contest can be its delivered master.
    const delivered =
      brandId === null || !entered.size || !ports.mastersDeliveredToBrand
        ? none
        : await ports.mastersDeliveredToBrand(db, brandId, [...entered]);
    return found.map((row) => ({
      ...row,
      enteredWithCallersBrand: entered.has(row.id),
      deliveredToCallersBrand: delivered.has(row.id),
    }));
  };
  const present = (row: VideoRow & VideoAccess, user?: Caller) =>
    toVideo(row, mediaUrlOf(row), downloadUrlFor(user));
  const presentForEntry = (row: OwnVideoRow & VideoAccess, user?: Caller) =>
    toEntryVideo(row, mediaUrlOf(row), downloadUrlFor(user));
  return {
    /** The reads of videos as the API shows them, with what the modules above videos tell. */
    rows,
    /** What videos asks of the modules above it. */
    ports,
    withEntryAccess,
    present,
    /** The video as a contest entry shows it (`toEntryVideo`). */
    presentForEntry,
    /** The video as `user` gets it after a change of theirs (they can see it). */
    presentFresh: async (id: number, user?: Caller) =>
      present((await withEntryAccess([(await rows.findVideo(db, id))!], user))[0]!, user),
    presentPage: async (result: { rows: VideoRow[]; count: number }, request: PageRequest, user?: Caller) =>
      toVideoPage({ ...result, rows: await withEntryAccess(result.rows, user) }, request, {
        publicUrl: deps.config.PUBLIC_URL,
        mediaUrl: mediaUrlOf,
        downloadUrl: downloadUrlFor(user),
      }),
    /** The video if `user` may see it; 404 otherwise, so others learn nothing of unapproved videos. */
    loadVisible: async (id: number, user?: Caller) => {
      const found = await rows.findVideo(db, id);
      if (!found) throw notFound();
      const [row] = await withEntryAccess([found], user);
      if (!canSeeVideo(user, row!)) throw notFound();
      return row!;
    },
  };
}

export type VideoViews = ReturnType<typeof createVideoViews>;
