import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_QUOTA_MESSAGES } from '@app/domain';
import type { Config } from '../../config/env';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { countUploadSlots } from './upload-slots';
import { uploadUsage } from './videos.repository';
import type { VideosPorts } from './videos.ports';

type QuotaConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'UPLOAD_MAX_STORED_BYTES'
  | 'UPLOAD_MAX_VIDEOS_PER_DAY'
  | 'UPLOAD_MAX_CONCURRENT'
  | 'UPLOAD_MAX_PROCESSING'
  | 'UPLOAD_MIN_FREE_DISK_BYTES'
>;

const GB = 1024 * 1024 * 1024;

/**
 * What the storage quota asks of the modules above videos: the bytes they keep for the owner
 * (release forms), which count with the owner's videos and captions. Absent, only those count.
 */
export type QuotaPorts = Pick<VideosPorts, 'storedBytesElsewhere'>;

/** The owner's stored bytes: originals, caption tracks and the files other modules keep. */
async function storedBytes(db: DbOrTx, ownerId: number, videoBytes: number, ports: QuotaPorts) {
  return videoBytes + ((await ports.storedBytesElsewhere?.(db, ownerId)) ?? 0);
}

/** Unfinished resumable uploads expire after this long (tus-uploads.ts sweeps them). */
export const TUS_EXPIRY_MS = 24 * 3600 * 1000;
/** A resumable upload's id (@tus/file-store's file name). */
export const UPLOAD_ID = /^[a-f0-9]{32}$/;

/** Where resumable uploads' bytes and records are, shared by the app processes of a machine. */
export function tusDirectory(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'tus-uploads');
}

/** Bytes free for an unprivileged writer on the disk of `dir` (statfs). */
export async function freeDiskBytes(dir: string): Promise<number> {
  const info = await statfs(dir);
  return Number(info.bavail) * Number(info.bsize);
}

/**
 * Refuses (507) when taking `incomingBytes` more would leave less than the reserve free on the
 * data disk, where uploads land (DATA_DIR: resumable uploads, and the media on local storage).
 */
export async function checkFreeDisk(config: QuotaConfig, incomingBytes: number): Promise<void> {
  const free = await freeDiskBytes(config.DATA_DIR);
  if (free - incomingBytes < config.UPLOAD_MIN_FREE_DISK_BYTES)
    throw new AppError('insufficient_storage', UPLOAD_QUOTA_MESSAGES.disk);
}

/**
 * The quotas a creator must be within to start an upload of `incomingBytes` (0 when unknown):
 * stored bytes (413), videos in the last 24 hours, uploads at once (multipart and unfinished
 * resumable uploads of any app process: upload-slots.ts) and videos waiting for processing (429);
 * then the free disk (507). Answers the bytes the creator may still store (`roomBytes`): a body
 * that declares no length (chunked) is cut there while it arrives.
 */
export async function checkUploadQuota(
  db: DbOrTx,
  config: QuotaConfig,
  ownerId: number,
  { incomingBytes }: { incomingBytes: number },
  ports: QuotaPorts,
): Promise<{ roomBytes: number }> {
  const openUploads = await countUploadSlots(db, ownerId);
  const usage = await uploadUsage(db, ownerId, new Date(Date.now() - 24 * 3600 * 1000));
  const stored = await storedBytes(db, ownerId, usage.bytes, ports);
  if (stored + incomingBytes > config.UPLOAD_MAX_STORED_BYTES || stored >= config.UPLOAD_MAX_STORED_BYTES)
    throw storageQuotaExceeded(config);
  if (usage.videosSince >= config.UPLOAD_MAX_VIDEOS_PER_DAY)
    throw new AppError('upload_limit', UPLOAD_QUOTA_MESSAGES.perDay(config.UPLOAD_MAX_VIDEOS_PER_DAY));
  if (openUploads >= config.UPLOAD_MAX_CONCURRENT)
    throw new AppError('upload_limit', UPLOAD_QUOTA_MESSAGES.concurrent(config.UPLOAD_MAX_CONCURRENT));
  if (usage.processing >= config.UPLOAD_MAX_PROCESSING)
    throw new AppError('upload_limit', UPLOAD_QUOTA_MESSAGES.processing(config.UPLOAD_MAX_PROCESSING));
  await checkFreeDisk(config, incomingBytes);
  return { roomBytes: config.UPLOAD_MAX_STORED_BYTES - stored };
}

/** The 413 of a creator's stored bytes past UPLOAD_MAX_STORED_BYTES. */
export function storageQuotaExceeded(config: Pick<Config, 'UPLOAD_MAX_STORED_BYTES'>): AppError {
  return new AppError(
    'storage_quota_exceeded',
    UPLOAD_QUOTA_MESSAGES.storage(Math.round((config.UPLOAD_MAX_STORED_BYTES / GB) * 10) / 10),
  );
}

/**
 * A file of `incomingBytes` replacing one of `replacedBytes` (0 for a new one): a caption track,
 * or a file a module above videos keeps for the owner (a release form). The owner's stored bytes
 * (videos, captions and `ports.storedBytesElsewhere`) must stay within the quota (413), and the
 * disk keep its reserve (507).
 */
export async function checkStoredFileQuota(
  db: DbOrTx,
  config: QuotaConfig,
  ownerId: number,
  { incomingBytes, replacedBytes }: { incomingBytes: number; replacedBytes: number },
  ports: QuotaPorts,
): Promise<void> {
  const usage = await uploadUsage(db, ownerId, new Date());
  const stored = await storedBytes(db, ownerId, usage.bytes, ports);
  if (stored - replacedBytes + incomingBytes > config.UPLOAD_MAX_STORED_BYTES)
    throw storageQuotaExceeded(config);
  await checkFreeDisk(config, incomingBytes);
}
