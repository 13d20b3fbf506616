import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  VIDEO_DELETE_MESSAGES,
  captionLanguageSchema,
  LIMITS,
  MESSAGES,
  VIDEO_CAPTION_MESSAGES,
  STAFF_LIMITS,
  STAFF_MESSAGES,
  VIDEO_TEXT_LIMITS,
  VIDEO_TEXT_MESSAGES,
  type BulkReviewResponse,
  type StaffVideoListQuery,
  type StaffVideoPage,
  type Video,
  type VideoListQuery,
  type VideoPage,
  type VideoSearchQuery,
  type VideoUpdateBody,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { resolveMediaBinaries } from '../../media/binaries';
import { probeVideo, UnusableVideoError } from '../../media/probe';
import {
  EXTENSION_OF,
  peekStream,
  sniffVideoType,
  SNIFF_BYTES,
  type SniffedVideoType,
} from '../../media/sniff';
import { toWebVtt } from '../../media/captions';
import { parseRange } from '../../storage/media.routes';
import { contentTypeOf, TooLargeError, type StoredObject } from '../../storage/storage';
import { safeFileName, signDownloadToken, verifyDownloadToken } from './download-tokens';
import { videoMediaUrl } from '../../storage/media-signing';
import { checkCaptionQuota, checkUploadQuota, TUS_EXPIRY_MS } from './upload-quota';
import { releaseResumableSlot, removeExpiredSlots, takeResumableSlot, takeUploadSlot } from './upload-slots';
import { pageWindow, toPage } from '../../lib/paging';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { findVideoAwards } from '../judging/judging.service';
import { createAccessCheck } from '../accounts/access-check';
import { createVideoEmails } from './videos.emails';
import * as repo from './videos.repository';
import { toPrefixTsQuery } from './search-query';
import { processVideoJob } from './videos.jobs';
import * as processing from './videos.processing';
import { toVideo, toVideoPage, type PageRequest } from './videos.presenter';
import {
  canDeleteVideo,
  canDownloadOriginal,
  canEditCaptions,
  canEditVideo,
  canListUnapprovedVideos,
  canSeeVideo,
  type VideoAccess,
} from './videos.policy';

export type VideosServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

/** A file received and checked, not yet a video row. */
interface ReceivedVideo {
  key: string;
  type: SniffedVideoType;
  size: number;
  meta: Awaited<ReturnType<typeof probeVideo>>;
}

/** A video's title and description, as checked by `checkVideoText`. */
interface VideoText {
  title: string;
  description: string;
}

/** One part of a multipart upload form, as @fastify/multipart yields them. */
export type UploadFormPart =
  { type: 'file'; fieldname: string; file: Readable } | { type: 'field'; fieldname: string; value: unknown };

const tooLarge = () => new AppError('payload_too_large', MESSAGES.upload.tooLarge);
const invalidType = () => AppError.validation({ video: [MESSAGES.upload.invalidType] });
const notFound = () => new AppError('not_found', MESSAGES.generic.notFound);

function isFileTooLarge(error: unknown): boolean {
  return (
    error instanceof TooLargeError || (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

/** The first `bytes` bytes of a file (fewer if it is shorter). */
async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Checks title and description (spec §5: a blank title is refused, the description is optional). */
export function checkVideoText(input: {
  title?: string | undefined;
  description?: string | undefined;
}): VideoText {
  const title = (input.title ?? '').trim();
  const description = (input.description ?? '').trim();
  if (!title) throw AppError.validation({ title: [MESSAGES.upload.noTitle] });
  if (title.length > VIDEO_TEXT_LIMITS.titleMax)
    throw AppError.validation({ title: [VIDEO_TEXT_MESSAGES.titleTooLong] });
  if (description.length > VIDEO_TEXT_LIMITS.descriptionMax)
    throw AppError.validation({ description: [VIDEO_TEXT_MESSAGES.descriptionTooLong] });
  return { title, description };
}

/**
 * Videos (spec §7): receiving uploads, the public list and search, each video's page data, the
 * owner's changes, approval and processing.
 */
export function createVideosService(deps: VideosServiceDeps) {
  const db = deps.database.db;
  const isCurrentAccess = createAccessCheck(deps);
  const { storage } = deps;
  const emails = createVideoEmails(deps);
  /** A video's media URLs: public once approved, signed and expiring before (issue 18, L8). */
  const mediaUrlOf = (row: { isApproved: boolean }) =>
    videoMediaUrl(deps.config.JWT_SECRET, (key) => storage.url(key), row);
  /** The caller's download link of a video: a signed token for those allowed, else null. */
  const downloadUrlFor = (user: AuthUser | undefined) => (row: repo.VideoRow & VideoAccess) =>
    user && canDownloadOriginal(user, row)
      ? `/api/videos/videos/${row.id}/download/?token=${signDownloadToken(deps.config.JWT_SECRET, row.id, user)}`
      : null;
  /**
   * Marks the rows entered in a contest of the caller's brand (`enteredWithCallersBrand`), which
   * the rules read for brand callers; other callers' rows are returned as they are.
   */
  const withEntryAccess = async <Row extends repo.VideoRow>(
    rows: Row[],
    user: AuthUser | undefined,
  ): Promise<Array<Row & VideoAccess>> => {
    if (user?.role !== 'brand') return rows;
    const entered = await repo.videosEnteredWithBrand(
      db,
      user.id,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, enteredWithCallersBrand: entered.has(row.id) }));
  };
  const present = (row: repo.VideoRow & VideoAccess, user?: AuthUser) =>
    toVideo(row, mediaUrlOf(row), downloadUrlFor(user));
  /** The video as `user` gets it after a change of theirs (they can see it). */
  const presentFresh = async (id: number, user?: AuthUser) =>
    present((await withEntryAccess([(await repo.findVideo(db, id))!], user))[0]!, user);
  const presentPage = async (
    result: { rows: repo.VideoRow[]; count: number },
    request: PageRequest,
    user?: AuthUser,
  ) =>
    toVideoPage({ ...result, rows: await withEntryAccess(result.rows, user) }, request, {
      publicUrl: deps.config.PUBLIC_URL,
      mediaUrl: mediaUrlOf,
      downloadUrl: downloadUrlFor(user),
    });
  /**
   * An approved video whose public text (title, description, caption tracks) its owner changed
   * goes back to the review queue: it leaves the public lists until staff approve it again, so
   * nothing reaches the public without review (issue 30; docs/spec-decisions.md). Audited with the
   * old and new text. Call it in the change's transaction; nothing happens to a video not approved.
   */
  const resubmit = async (
    tx: DbOrTx,
    row: {
      id: number;
      title: string;
      description: string;
      isApproved: boolean;
      reviewStatus: string;
      originalKey: string;
    },
    user: AuthUser,
    change: { title?: string; description?: string; caption_language?: string },
  ) => {
    if (!row.isApproved && row.reviewStatus !== 'approved') return;
    await repo.updateVideo(tx, row.id, {
      isApproved: false,
      reviewStatus: 'pending',
      reviewReason: null,
      approvedAt: null,
    });
    approvedFolders.delete(processing.videoFolder(row.originalKey));
    await recordAudit(tx, {
      actor: { userId: user.id },
      action: 'video.resubmit',
      targetType: 'video',
      targetId: row.id,
      before: { title: row.title, description: row.description, review_status: 'approved' },
      after: { ...change, review_status: 'pending' },
    });
  };
  /** Folders of approved videos, remembered for a while: /media asks for every segment. */
  const approvedFolders = new Map<string, number>();
  const APPROVED_CACHE_MS = 5 * 60_000;
  const pageRequest = (query: { page: number; page_size: number }, url: URL): PageRequest => ({
    page: query.page,
    pageSize: query.page_size,
    url,
  });

  /** A page's videos with the places they won (the trophy), in one query. */
  const withAwards = async (page: VideoPage): Promise<VideoPage> => {
    const awards = await findVideoAwards(
      db,
      page.results.map((v) => v.id),
    );
    // Set on the videos just built rather than copied with a spread: copying an object and adding a
    // field costs more than the rest of building it (see contests.presenter toContest).
    for (const video of page.results) video.award = awards.get(video.id) ?? null;
    return page;
  };

  /** The video if `user` may see it; 404 otherwise, so others learn nothing of unapproved videos. */
  const loadVisible = async (id: number, user?: AuthUser) => {
    const found = await repo.findVideo(db, id);
    if (!found) throw notFound();
    const [row] = await withEntryAccess([found], user);
    if (!canSeeVideo(user, row!)) throw notFound();
    return row!;
  };

  /**
   * Decides an upload's type from its first bytes, has `store` put it under a new key, then reads
   * it with ffprobe. Anything refused leaves no object behind; `refuse` lets the caller drain
   * what is still arriving.
   */
  const receive = async (
    head: Buffer,
    store: (key: string) => Promise<{ size: number }>,
    refuse?: () => void,
  ): Promise<ReceivedVideo> => {
    let key: string | undefined;
    try {
      const type = sniffVideoType(head);
      if (!type) {
        refuse?.();
        throw invalidType();
      }
      key = `videos/${randomUUID()}/original.${EXTENSION_OF[type]}`;
      const { size } = await store(key);
      const copy = await storage.localCopy(key);
      try {
        const meta = await probeVideo(resolveMediaBinaries(deps.config).ffprobe, copy.path, type);
        return { key, type, size, meta };
      } finally {
        await copy.release();
      }
    } catch (error) {
      if (key) await storage.delete(key).catch(() => undefined);
      if (error instanceof UnusableVideoError) throw invalidType();
      if (isFileTooLarge(error)) throw tooLarge();
      throw error;
    }
  };

  /**
   * Streams an upload into storage, deciding its type from its first bytes and then ffprobe.
   * Enforces the size limit while the bytes arrive; anything refused leaves no file behind.
   */
  const receiveStream = async (file: Readable): Promise<ReceivedVideo> => {
    const { head, stream } = await peekStream(file, SNIFF_BYTES);
    return receive(
      head,
      async (key) => {
        const stored = await storage.put(key, stream, { maxBytes: LIMITS.maxVideoBytes });
        if ((file as Readable & { truncated?: boolean }).truncated) throw tooLarge();
        return stored;
      },
      () => file.resume(),
    );
  };

  /**
   * The same checks for a file already on this machine, which is moved into storage rather than
   * copied. The caller removes the file if it is refused.
   */
  const receiveFile = async (file: string): Promise<ReceivedVideo> => {
    const head = await readHead(file, SNIFF_BYTES);
    return receive(head, (key) => storage.putFile(key, file, { maxBytes: LIMITS.maxVideoBytes }));
  };

  /** Forgets a received file (the upload was refused after it arrived). */
  const discard = async (received: ReceivedVideo | undefined): Promise<void> => {
    if (received) await storage.delete(received.key).catch(() => undefined);
  };

  /** The video row for a received file, findable by search; its file is removed if this fails. */
  const insert = async (
    ownerId: number,
    received: ReceivedVideo,
    text: VideoText,
    placement: { contestId?: number | null; createdAt?: Date; uploadId?: string } = {},
  ): Promise<number> => {
    try {
      const values: repo.NewVideo = {
        ownerId,
        title: text.title,
        description: text.description,
        contestId: placement.contestId ?? null,
        ...(placement.createdAt ? { createdAt: placement.createdAt } : {}),
        originalKey: received.key,
        originalType: received.type,
        sizeBytes: received.size,
        status: 'processing',
        durationSeconds: received.meta.durationSeconds,
        width: received.meta.width,
        height: received.meta.height,
        videoCodec: received.meta.videoCodec,
        audioCodec: received.meta.audioCodec,
        frameRate: received.meta.frameRate,
      };
      let id: number;
      if (placement.uploadId) {
        const inserted = await repo.insertVideoOnce(db, { ...values, uploadId: placement.uploadId });
        if (inserted === null) {
          // Another finish of the same upload was first: its video stands, this copy goes.
          await storage.delete(received.key).catch(() => undefined);
          return (await repo.findVideoIdByUpload(db, placement.uploadId))!;
        }
        id = inserted;
      } else {
        id = await repo.insertVideo(db, values);
      }
      await repo.recordVideoUpload(db, ownerId, placement.createdAt);
      await repo.refreshSearchVectors(db, [id]);
      return id;
    } catch (error) {
      await storage.delete(received.key).catch(() => undefined);
      throw error;
    }
  };

  /**
   * Queues a video's processing, fairly: a creator's n-th video waiting for processing gets
   * priority -(n-1), and the queue takes higher priorities first (oldest first among equals), so
   * another creator's first upload goes before the rest of one creator's backlog.
   */
  const queueProcessing = async (videoId: number, ownerId: number) => {
    const waiting = (await repo.uploadUsage(db, ownerId, new Date())).processing;
    await deps.queue.send(processVideoJob, { videoId }, { priority: -Math.max(0, waiting - 1) });
  };

  /** Creates the video row for a received file and queues its processing. */
  const createVideo = async (
    user: AuthUser,
    received: ReceivedVideo,
    text: VideoText,
    uploadId?: string,
  ): Promise<Video> => {
    const id = await insert(user.id, received, text, uploadId ? { uploadId } : {});
    await queueProcessing(id, user.id);
    return presentFresh(id, user);
  };

  const service = {
    /**
     * The multipart upload (spec §5): the first `video` file part is streamed into storage and
     * checked, `title` and `description` come from the text fields, and the video is created with
     * its processing queued. Other file parts are drained unread. Anything refused (no file, a
     * wrong type, too large, a blank title) leaves no file behind.
     */
    async uploadVideo(
      user: AuthUser,
      parts: AsyncIterable<UploadFormPart>,
      { incomingBytes = 0 }: { incomingBytes?: number } = {},
    ): Promise<Video> {
      const fields: Record<string, string> = {};
      let received: ReceivedVideo | undefined;
      // The quotas, and a slot among the creator's uploads at once, counted in every app process.
      const finished = await takeUploadSlot(db, user.id, (tx) =>
        checkUploadQuota(tx, deps.config, user.id, { incomingBytes }),
      );
      try {
        for await (const part of parts) {
          if (part.type === 'file') {
            if (part.fieldname !== 'video' || received) {
              part.file.resume();
              continue;
            }
            received = await receiveStream(part.file);
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
        if (!received) throw AppError.validation({ video: [MESSAGES.upload.noFile] });
        const text = checkVideoText({ title: fields.title, description: fields.description });
        return await createVideo(user, received, text);
      } catch (error) {
        await discard(received);
        throw error;
      } finally {
        await finished();
      }
    },

    /**
     * Lets resumable upload `uploadId` of `incomingBytes` begin if `user` is within their quotas
     * (UPLOAD_QUOTAS) and the server's disk has room: it then holds a slot among the creator's
     * uploads at once until `endResumableUpload`, or until it expires. Throws the refusal.
     */
    async startResumableUpload(user: AuthUser, uploadId: string, usage: { incomingBytes: number }) {
      await takeResumableSlot(db, user.id, uploadId, TUS_EXPIRY_MS, (tx) =>
        checkUploadQuota(tx, deps.config, user.id, usage),
      );
    },

    /** Resumable upload `uploadId` finished, was cancelled or could not be created: its slot is free. */
    async endResumableUpload(uploadId: string) {
      await releaseResumableSlot(db, uploadId);
    },

    /**
     * Removes the slots, and the records of uploads, that no longer count (housekeeping: the tus
     * sweep calls it hourly).
     */
    async removeExpiredUploadSlots() {
      await removeExpiredSlots(db);
      await repo.removeOldVideoUploads(db, new Date(Date.now() - 2 * 24 * 3600 * 1000));
    },

    /**
     * Who may fetch a video's files from /media without a signature: anyone once it is approved
     * (remembered for a few minutes: a decision is final, and a deleted video's files are gone);
     * before, nobody ('private': signed URLs only).
     */
    async mediaAccess(folder: string): Promise<'public' | 'private'> {
      const until = approvedFolders.get(folder);
      if (until !== undefined && until > Date.now()) return 'public';
      const approved = await repo.findApprovalByFolder(db, folder);
      if (!approved) return 'private';
      if (approvedFolders.size > 10_000) approvedFolders.clear();
      approvedFolders.set(folder, Date.now() + APPROVED_CACHE_MS);
      return 'public';
    },

    /**
     * A finished resumable upload (a file on this machine) becomes a video exactly as a multipart
     * upload does: the same checks, the file moved into storage, processing queued. The caller
     * removes the file if it is refused.
     */
    async createVideoFromFile(
      user: AuthUser,
      file: string,
      input: { title?: string | undefined; description?: string | undefined },
      { uploadId }: { uploadId?: string } = {},
    ): Promise<Video> {
      // Finishing is idempotent per upload (issue 18, L3): a second finish — a client's retry
      // while the first was still copying to S3 — gets the same video, never a second one.
      const existing = async () => {
        const id = uploadId ? await repo.findVideoIdByUpload(db, uploadId) : undefined;
        return id === undefined ? undefined : presentFresh(id, user);
      };
      const before = await existing();
      if (before) return before;
      let received: ReceivedVideo | undefined;
      try {
        const text = checkVideoText(input);
        received = await receiveFile(file).catch(async (error: unknown) => {
          // The file went away: another finish of this upload moved it and is making the video.
          if (uploadId && (error as NodeJS.ErrnoException).code === 'ENOENT') {
            for (let waited = 0; waited < 120_000; waited += 250) {
              const made = await existing();
              if (made) throw Object.assign(new Error('already finished'), { made });
              await new Promise((resolve) => setTimeout(resolve, 250));
            }
          }
          throw error;
        });
        return await createVideo(user, received, text, uploadId);
      } catch (error) {
        const made = (error as { made?: Video }).made;
        if (made) return made;
        await discard(received);
        throw error;
      }
    },

    /**
     * Adds a video from a file on this machine (moved into storage) without queueing its
     * processing: the caller runs `processVideo` itself. Made for content that is not uploaded,
     * such as the demo videos; the video is not approved.
     */
    async importVideo(
      file: string,
      details: {
        ownerId: number;
        title: string;
        description: string;
        contestId: number | null;
        createdAt: Date;
      },
    ): Promise<Video> {
      const text = checkVideoText(details);
      const received = await receiveFile(file);
      const id = await insert(details.ownerId, received, text, details);
      return present((await repo.findVideo(db, id))!);
    },

    /**
     * Probes a video's original, stores its metadata, then makes its poster and preview, here and
     * now (the work of the process-video job, for callers without a job queue). On the last
     * attempt a failure is recorded on the video instead of thrown.
     */
    async processVideo(videoId: number, options: { lastAttempt: boolean }): Promise<void> {
      await processing.processVideo(deps, videoId, options);
    },

    /**
     * Records staff's decision on a pending video, the one way to approve or reject (the staff
     * console, its bulk actions, the admin CLI and the demo seed). The conditional update, the
     * search document and the audit row share one transaction, so of two decisions at once the
     * first stands and the second is a 409 (`already_decided`) that changes nothing. Approving
     * makes the video public in the library and search at once; rejecting keeps it private with
     * its reason. The creator gets one e-mail per decision.
     */
    async review(actor: AuditActor, id: number, decision: repo.ReviewDecision): Promise<Video> {
      const decided = await db.transaction(async (tx) => {
        const at = new Date();
        const row = await repo.decideVideo(tx, id, decision, {
          reviewerId: 'userId' in actor ? actor.userId : null,
          at,
        });
        if (!row) {
          if (await repo.videoExists(tx, id))
            throw new AppError('already_decided', STAFF_MESSAGES.alreadyDecided);
          throw notFound();
        }
        // The creator's name may have changed since upload; the public search should find it as it is now.
        if (decision.status === 'approved') await repo.refreshSearchVectors(tx, [id]);
        await recordAudit(tx, {
          actor,
          action: decision.status === 'approved' ? 'video.approve' : 'video.reject',
          targetType: 'video',
          targetId: id,
          before: { review_status: 'pending', review_reason: null },
          after: {
            review_status: decision.status,
            review_reason: decision.status === 'rejected' ? decision.reason : null,
          },
        });
        return { ...row, ownerEmail: await repo.findOwnerEmail(tx, row.ownerId) };
      });
      // The decision stands even if its e-mail cannot be queued (a process without a queue, such as
      // the seed command); that is logged.
      if (decided.ownerEmail)
        await emails.sendDecision(decided.ownerEmail, decided, decision).catch((error: unknown) => {
          deps.log.warn({ err: error, videoId: id }, 'could not queue the review decision e-mail');
        });
      return present((await repo.findVideo(db, id))!);
    },

    /** The review queue: videos by decision (or failed processing), oldest first. */
    async reviewQueue(query: StaffVideoListQuery, url: URL): Promise<StaffVideoPage> {
      const request = { page: query.page, pageSize: STAFF_LIMITS.pageSize, url };
      const { rows, count } = await repo.listForReview(db, query.review, pageWindow(request));
      const items = rows.map((row) => ({ ...present(row), creator_email: row.creatorEmail }));
      return toPage(items, count, request, deps.config.PUBLIC_URL);
    },

    /**
     * The same decision on many videos, each in its own transaction (one conflict does not undo
     * the others): a result per id, in the request's order.
     */
    async reviewMany(
      actor: AuditActor,
      ids: number[],
      decision: repo.ReviewDecision,
    ): Promise<BulkReviewResponse> {
      const results: BulkReviewResponse['results'] = [];
      for (const id of new Set(ids)) {
        try {
          await service.review(actor, id, decision);
          results.push({ id, outcome: 'decided', detail: null });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (error.code === 'already_decided')
            results.push({ id, outcome: 'conflict', detail: error.detail });
          else if (error.code === 'not_found')
            results.push({ id, outcome: 'not_found', detail: error.detail });
          else throw error;
        }
      }
      return { results };
    },

    /**
     * The library: approved videos, newest (or oldest) first. `is_standalone` or `mine` list the
     * signed-in creator's own (approved, unapproved or both, by `is_approved`); staff asking for
     * unapproved videos get everyone's (the review queue).
     */
    async list(user: AuthUser | undefined, query: VideoListQuery, url: URL): Promise<VideoPage> {
      const standalone = query.is_standalone === true;
      const own = standalone || query.mine === true;
      if (own && !user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      const reviewQueue = canListUnapprovedVideos(user) && query.is_approved === false;
      const request = pageRequest(query, url);
      const result = await repo.listVideos(db, {
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
      const result = await repo.searchVideos(db, tsquery, {
        limit: request.pageSize,
        offset: (request.page - 1) * request.pageSize,
      });
      return withAwards(await presentPage(result, request));
    },

    /**
     * A creator's own video, for entering it in a contest: 404 when there is none or it is not
     * theirs (someone else's video is never revealed).
     */
    async getOwnVideo(id: number, user: AuthUser): Promise<Video> {
      const row = await repo.findVideo(db, id);
      if (!row || row.ownerId !== user.id) throw notFound();
      return present(row, user);
    },

    /**
     * The videos of contest entries, by id, for a caller the entries module already allowed (the
     * entrant, staff, the contest's brand): no visibility rule of the library applies here.
     */
    async entryVideos(ids: number[], viewer?: AuthUser): Promise<Map<number, Video>> {
      const rows = await withEntryAccess(await repo.findVideosByIds(db, [...new Set(ids)]), viewer);
      const presented = await Promise.all(
        rows.map(async (row) => [row.id, await present(row, viewer)] as const),
      );
      return new Map(presented);
    },

    /** Marks a video as entered in a contest: My Videos then shows it as a contest entry. */
    async placeInContest(id: number, contestId: number): Promise<void> {
      await repo.setVideoContest(db, id, contestId);
    },

    /** One video, for whoever may see it (404 for anyone else). */
    async get(id: number, user?: AuthUser): Promise<Video> {
      const video = present(await loadVisible(id, user), user);
      const awards = await findVideoAwards(db, [id]);
      video.award = awards.get(id) ?? null;
      return video;
    },

    /**
     * Adds or replaces the owner's caption track in one language (multipart `language`, `file`):
     * WebVTT is kept as it is, SRT converted to WebVTT. Others get 404 when they cannot see the
     * video, else 403.
     */
    async addCaptions(id: number, user: AuthUser, parts: AsyncIterable<UploadFormPart>): Promise<Video> {
      const row = await loadVisible(id, user);
      if (!canEditCaptions(user, row)) throw new AppError('forbidden', MESSAGES.generic.forbidden);
      let language: string | undefined;
      let bytes: Buffer | undefined;
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || bytes) {
            part.file.resume();
            continue;
          }
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          if ((part.file as Readable & { truncated?: boolean }).truncated)
            throw AppError.validation({ file: [VIDEO_CAPTION_MESSAGES.tooLarge] });
          bytes = Buffer.concat(chunks);
        } else if (part.fieldname === 'language' && typeof part.value === 'string') {
          language = part.value.trim();
        }
      }
      const parsed = captionLanguageSchema.safeParse(language ?? '');
      if (!parsed.success) throw AppError.validation({ language: [VIDEO_CAPTION_MESSAGES.language] });
      if (!bytes?.length) throw AppError.validation({ file: [VIDEO_CAPTION_MESSAGES.noFile] });
      const vtt = toWebVtt(bytes);
      if (vtt === null) throw AppError.validation({ file: [VIDEO_CAPTION_MESSAGES.invalidFile] });
      const file = Buffer.from(vtt);
      const previous = row.captions.find((c) => c.language.toLowerCase() === parsed.data.toLowerCase());
      await checkCaptionQuota(db, deps.config, row.ownerId, {
        incomingBytes: file.length,
        replacedBytes: previous?.bytes ?? 0,
      });
      const key = `${processing.videoFolder(row.originalKey)}captions/${parsed.data.toLowerCase()}-${randomUUID().slice(0, 8)}.vtt`;
      await storage.put(key, file);
      const replaced = await db
        .transaction(async (tx) => {
          const old = await repo.replaceCaption(tx, id, parsed.data, key, file.length);
          await resubmit(tx, row, user, { caption_language: parsed.data });
          return old;
        })
        .catch(async (error: unknown) => {
          await storage.delete(key).catch(() => undefined);
          throw error;
        });
      if (replaced) await storage.delete(replaced).catch(() => undefined);
      return present((await repo.findVideo(db, id))!, user);
    },

    /**
     * The original file for its owner, staff and the brand of its contest (`canDownloadOriginal`),
     * checked now whoever signed the link: the caller is the bearer token's user or the user a
     * `download_url` token was signed for. 401 without either, 404 when the caller cannot see
     * the video, 403 when they see it but may not download it.
     */
    async download(
      id: number,
      caller: { user?: AuthUser; token?: string },
      rangeHeader?: string,
    ): Promise<
      | { object: StoredObject; fileName: string; contentType: string; size: number }
      | { unsatisfiable: number }
    > {
      const signed = caller.token ? verifyDownloadToken(deps.config.JWT_SECRET, id, caller.token) : null;
      // A link is checked as an access token is: the account still active, its session still open.
      const user = caller.user ?? (signed && (await isCurrentAccess(signed)) ? signed : null);
      if (!user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      const row = await loadVisible(id, user);
      if (!canDownloadOriginal(user, row)) throw new AppError('forbidden', MESSAGES.generic.forbidden);
      const info = await storage.stat(row.originalKey);
      if (!info) throw notFound();
      const range = parseRange(rangeHeader, info.size);
      if (range === 'unsatisfiable') return { unsatisfiable: info.size };
      const object = await storage.get(row.originalKey, range ?? undefined);
      if (!object) throw notFound();
      const extension = row.originalKey.slice(row.originalKey.lastIndexOf('.') + 1);
      return {
        object,
        size: info.size,
        fileName: safeFileName(row.title, extension),
        contentType: contentTypeOf(row.originalKey) ?? 'application/octet-stream',
      };
    },

    /**
     * Owner only: title and description. Others get 404 when they cannot see it, else 403. New text
     * on an approved video sends it back to review (`resubmit`).
     */
    async update(id: number, user: AuthUser, input: VideoUpdateBody): Promise<Video> {
      const row = await loadVisible(id, user);
      if (!canEditVideo(user, row)) throw new AppError('forbidden', MESSAGES.generic.forbidden);
      const text = checkVideoText({
        title: input.title ?? row.title,
        description: input.description ?? row.description,
      });
      if (text.title === row.title && text.description === row.description) return present(row, user);
      await db.transaction(async (tx) => {
        await repo.updateVideo(tx, id, text);
        await resubmit(tx, row, user, text);
      });
      await repo.refreshSearchVectors(db, [id]);
      return present((await repo.findVideo(db, id))!, user);
    },

    /**
     * Owner or staff; removes the files too. Others get 404 when they cannot see it, else 403. A
     * video entered in a contest is kept with its entry: 409 with what the creator can do. Staff
     * deleting someone else's video is audited.
     */
    async remove(id: number, user: AuthUser): Promise<void> {
      const row = await loadVisible(id, user);
      if (!canDeleteVideo(user, row)) throw new AppError('forbidden', MESSAGES.generic.forbidden);
      const entered = () => new AppError('video_entered', VIDEO_DELETE_MESSAGES.entered);
      await db
        .transaction(async (tx) => {
          if (await repo.isVideoEntered(tx, id)) throw entered();
          await repo.deleteVideo(tx, id);
          if (user.id !== row.ownerId)
            await recordAudit(tx, {
              actor: { userId: user.id },
              action: 'video.delete',
              targetType: 'video',
              targetId: id,
              before: {
                title: row.title,
                owner_id: row.ownerId,
                review_status: row.reviewStatus,
                is_approved: row.isApproved,
              },
              after: null,
            });
        })
        .catch((error: unknown) => {
          // Entered between the check and the delete: entry_versions' foreign key refused it.
          if ((error as { code?: string; cause?: { code?: string } }).code === '23503') throw entered();
          if ((error as { cause?: { code?: string } }).cause?.code === '23503') throw entered();
          throw error;
        });
      await storage.deletePrefix(processing.videoFolder(row.originalKey)).catch((error: unknown) => {
        deps.log.warn({ err: error, videoId: id }, 'could not remove the files of a deleted video');
      });
    },
  };
  return service;
}

export type VideosService = ReturnType<typeof createVideosService>;

/**
 * Keeps a creator's videos findable under their new name: their name is in each video's search
 * document. Call it inside the rename's transaction.
 */
export function refreshCreatorVideoSearch(tx: DbOrTx, creatorId: number): Promise<void> {
  return repo.refreshSearchVectors(tx, { ownerId: creatorId });
}
