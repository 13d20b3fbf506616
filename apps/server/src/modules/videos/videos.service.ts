import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  LIMITS,
  MESSAGES,
  VIDEO_TEXT_LIMITS,
  VIDEO_TEXT_MESSAGES,
  type VideoDto,
  type VideoPage,
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
import { processVideoJob } from '../../jobs/process-video.job';
import { videoFolder } from '../../jobs/process-video.handler';
import { TooLargeError } from '../../storage/storage';
import * as repo from './videos.repository';
import { toPrefixTsQuery } from './search-query';

type Deps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

export interface PageRequest {
  page: number;
  pageSize: number;
  /** The request's own URL, to build next/previous links. */
  url: URL;
}

/** A file received and checked, not yet a video row. */
export interface ReceivedVideo {
  key: string;
  type: SniffedVideoType;
  size: number;
  meta: Awaited<ReturnType<typeof probeVideo>>;
}

const tooLarge = () => new AppError('payload_too_large', MESSAGES.upload.tooLarge);
const invalidType = () => AppError.validation({ video: [MESSAGES.upload.invalidType] });

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
export function checkVideoText(input: { title?: string | undefined; description?: string | undefined }) {
  const title = (input.title ?? '').trim();
  const description = (input.description ?? '').trim();
  if (!title) throw AppError.validation({ title: [MESSAGES.upload.noTitle] });
  if (title.length > VIDEO_TEXT_LIMITS.titleMax)
    throw AppError.validation({ title: [VIDEO_TEXT_MESSAGES.titleTooLong] });
  if (description.length > VIDEO_TEXT_LIMITS.descriptionMax)
    throw AppError.validation({ description: [VIDEO_TEXT_MESSAGES.descriptionTooLong] });
  return { title, description };
}

export function createVideosService(deps: Deps) {
  const db = deps.database.db;
  const { storage } = deps;

  const toDto = (row: NonNullable<repo.VideoRow>): VideoDto => {
    const created = row.createdAt.toISOString();
    const name = `${row.creatorFirstName} ${row.creatorLastName}`.trim();
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      thumbnail: row.previewKey ? storage.url(row.previewKey) : null,
      thumbnail_url: row.posterKey ? storage.url(row.posterKey) : null,
      video_url: storage.url(row.originalKey),
      views: row.views,
      likes: row.likes,
      created_at: created,
      createdAt: created,
      contest_id: row.contestId,
      contest_title: row.contestTitle,
      brand: row.brandName,
      brand_id: row.brandId,
      is_approved: row.isApproved,
      type: row.contestId ? 'contest' : 'standalone',
      creator: name || MESSAGES.library.unknownCreator,
      creator_id: row.ownerId,
      creator_profile: row.creatorProfile
        ? {
            id: row.ownerId,
            first_name: row.creatorFirstName,
            last_name: row.creatorLastName,
            experience_level: row.creatorProfile.experienceLevel,
            profile_picture: row.creatorProfile.avatarKey ? storage.url(row.creatorProfile.avatarKey) : '',
            country: row.creatorProfile.country,
            bio: row.creatorProfile.bio,
          }
        : null,
      status: row.status,
      failure_reason: row.failureReason,
      duration: row.durationSeconds,
      width: row.width,
      height: row.height,
      video_codec: row.videoCodec,
      audio_codec: row.audioCodec,
      frame_rate: row.frameRate,
      size_bytes: row.sizeBytes,
      content_type: row.originalType,
    };
  };

  const page = (
    result: { rows: NonNullable<repo.VideoRow>[]; count: number },
    request: PageRequest,
  ): VideoPage => {
    const link = (pageNumber: number) => {
      const url = new URL(request.url.pathname + request.url.search, deps.config.PUBLIC_URL);
      url.searchParams.set('page', String(pageNumber));
      return url.toString();
    };
    const last = Math.max(1, Math.ceil(result.count / request.pageSize));
    return {
      count: result.count,
      next: request.page < last ? link(request.page + 1) : null,
      previous: request.page > 1 ? link(Math.min(request.page - 1, last)) : null,
      results: result.rows.map(toDto),
    };
  };

  const canSeeUnapproved = (row: NonNullable<repo.VideoRow>, user?: AuthUser) =>
    !!user && (user.id === row.ownerId || user.role === 'staff');

  const loadVisible = async (id: number, user?: AuthUser) => {
    const row = await repo.findVideo(db, id);
    if (!row || (!row.isApproved && !canSeeUnapproved(row, user)))
      throw new AppError('not_found', MESSAGES.generic.notFound);
    return row;
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
        const meta = await probeVideo(resolveMediaBinaries(deps.config).ffprobe, copy.path);
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

  return {
    /**
     * Streams an upload into storage, deciding its type from its first bytes and then ffprobe.
     * Enforces the size limit while the bytes arrive; anything refused leaves no file behind.
     */
    async receiveVideo(file: Readable): Promise<ReceivedVideo> {
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
    },

    /**
     * The same checks for a file already on this machine (a finished resumable upload), which is
     * moved into storage rather than copied. The caller removes the file if it is refused.
     */
    async receiveVideoFile(file: string): Promise<ReceivedVideo> {
      const head = await readHead(file, SNIFF_BYTES);
      return receive(head, (key) => storage.putFile(key, file, { maxBytes: LIMITS.maxVideoBytes }));
    },

    /** Forgets a received file (the upload was refused after it arrived). */
    async discard(received: ReceivedVideo | undefined): Promise<void> {
      if (received) await storage.delete(received.key).catch(() => undefined);
    },

    /** Creates the video row for a received file and queues its processing. */
    async createVideo(
      user: AuthUser,
      received: ReceivedVideo,
      text: { title: string; description: string },
    ): Promise<VideoDto> {
      let id: number;
      try {
        id = await repo.insertVideo(db, {
          ownerId: user.id,
          title: text.title,
          description: text.description,
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
        });
        await repo.refreshSearchVectors(db, [id]);
      } catch (error) {
        await storage.delete(received.key).catch(() => undefined);
        throw error;
      }
      await deps.queue.send(processVideoJob, { videoId: id });
      return toDto((await repo.findVideo(db, id))!);
    },

    async list(
      user: AuthUser | undefined,
      filter: { standalone: boolean; mine: boolean; approved: boolean | undefined; newestFirst: boolean },
      request: PageRequest,
    ): Promise<VideoPage> {
      const own = filter.standalone || filter.mine;
      if (own && !user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      const staffReview = user?.role === 'staff' && filter.approved === false;
      const result = await repo.listVideos(db, {
        approved: own ? filter.approved : staffReview ? false : true,
        ownerId: own ? user!.id : undefined,
        standaloneOnly: filter.standalone,
        newestFirst: filter.newestFirst,
        limit: request.pageSize,
        offset: (request.page - 1) * request.pageSize,
      });
      return page(result, request);
    },

    async search(query: string, request: PageRequest): Promise<VideoPage> {
      const tsquery = toPrefixTsQuery(query);
      if (!tsquery) return page({ rows: [], count: 0 }, request);
      const result = await repo.searchVideos(db, tsquery, {
        limit: request.pageSize,
        offset: (request.page - 1) * request.pageSize,
      });
      return page(result, request);
    },

    async get(id: number, user?: AuthUser): Promise<VideoDto> {
      return toDto(await loadVisible(id, user));
    },

    /** Owner only: title and description. Others get 404 when they cannot see it, else 403. */
    async update(
      id: number,
      user: AuthUser,
      input: { title?: string; description?: string },
    ): Promise<VideoDto> {
      const row = await loadVisible(id, user);
      if (row.ownerId !== user.id) throw new AppError('forbidden', MESSAGES.generic.forbidden);
      const text = checkVideoText({
        title: input.title ?? row.title,
        description: input.description ?? row.description,
      });
      await repo.updateVideo(db, id, text);
      await repo.refreshSearchVectors(db, [id]);
      return toDto((await repo.findVideo(db, id))!);
    },

    /** Owner or staff; removes the files too. */
    async remove(id: number, user: AuthUser): Promise<void> {
      const row = await loadVisible(id, user);
      if (row.ownerId !== user.id && user.role !== 'staff')
        throw new AppError('forbidden', MESSAGES.generic.forbidden);
      await repo.deleteVideo(db, id);
      await storage.deletePrefix(videoFolder(row.originalKey)).catch((error: unknown) => {
        deps.log.warn({ err: error, videoId: id }, 'could not remove the files of a deleted video');
      });
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;

/**
 * Keeps a creator's videos findable under their new name: their name is in each video's search
 * document. Call it inside the rename's transaction.
 */
export function refreshCreatorVideoSearch(tx: DbOrTx, creatorId: number): Promise<void> {
  return repo.refreshSearchVectors(tx, { ownerId: creatorId });
}
