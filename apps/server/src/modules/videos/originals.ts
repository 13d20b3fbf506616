import { DELIVERY_MESSAGES, MESSAGES } from '@app/domain';
import { safeFileName, verifyDownloadToken } from '../../lib/download-tokens';
import { AppError } from '../../lib/errors';
import { callerOf, type Caller } from '../../plugins/auth';
import { parseRange } from '../../storage/media.routes';
import { contentTypeOf, type StoredObject } from '../../storage/storage';
import { createAccessCheck } from '../accounts';
import { canDownloadOriginal } from './videos.policy';
import { notFound, type VideosServiceDeps, type VideoViews } from './video-views';

/** A video's original opened for download: the stream (or a range of it) and how to name it. */
export interface OpenedOriginal {
  object: StoredObject;
  /** The whole file's size in bytes. */
  size: number;
  fileName: string;
  contentType: string;
}

/** How an original is named and typed for download. */
function originalFacts(row: { title: string; originalKey: string }, size: number) {
  const extension = row.originalKey.slice(row.originalKey.lastIndexOf('.') + 1);
  return {
    size,
    fileName: safeFileName(row.title, extension),
    contentType: contentTypeOf(row.originalKey) ?? 'application/octet-stream',
  };
}

/**
 * A video's original file, for the callers `canDownloadOriginal` admits: the videos' download
 * (a bearer token or a `download_url` link) and a delivery's master.
 */
export function createVideoOriginals(deps: VideosServiceDeps, { loadVisible }: VideoViews) {
  const { storage } = deps;
  const isCurrentAccess = createAccessCheck(deps);

  /** The video if `user` may have its original (`canDownloadOriginal`); 404 or 403 otherwise. */
  const admittedOriginal = async (id: number, user: Caller) => {
    const row = await loadVisible(id, user);
    if (!canDownloadOriginal(user, row))
      throw new AppError('forbidden', DELIVERY_MESSAGES.originalNotDelivered);
    return row;
  };

  return {
    /**
     * The original file of a video for a caller `canDownloadOriginal` admits (its owner, staff, the
     * brand it was delivered to), for the videos' download and a delivery's master alike: 404 when
     * the caller cannot see the video or its file is gone, 403 when they see it but may not have
     * the original.
     */
    async openOriginal(id: number, user: Caller): Promise<OpenedOriginal> {
      const row = await admittedOriginal(id, user);
      const object = await storage.get(row.originalKey);
      if (!object) throw notFound();
      return { object, ...originalFacts(row, object.size) };
    },

    /**
     * The original file (`openOriginal`'s rule), checked now whoever signed the link: the caller is
     * the bearer token's user or the user a `download_url` token was signed for; 401 without
     * either. A byte range of it when `rangeHeader` asks for one.
     */
    async download(
      id: number,
      caller: { user?: Caller; token?: string },
      rangeHeader?: string,
    ): Promise<OpenedOriginal | { unsatisfiable: number }> {
      const signed = caller.token ? verifyDownloadToken(deps.config.JWT_SECRET, id, caller.token) : null;
      // A link is checked as an access token is: the account still active, its session still open.
      const user = caller.user ?? (await callerOf(signed, isCurrentAccess));
      if (!user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      const row = await admittedOriginal(id, user);
      const info = await storage.stat(row.originalKey);
      if (!info) throw notFound();
      const range = parseRange(rangeHeader, info.size);
      if (range === 'unsatisfiable') return { unsatisfiable: info.size };
      const object = await storage.get(row.originalKey, range ?? undefined);
      if (!object) throw notFound();
      return { object, ...originalFacts(row, info.size) };
    },
  };
}
