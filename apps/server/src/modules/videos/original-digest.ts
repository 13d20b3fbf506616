import { createHash } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import * as repo from './videos.repository';

/** A video's original file as a delivery names it (issue 31). */
export interface VideoOriginal {
  key: string;
  type: string;
  sizeBytes: number;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
  title: string;
}

/**
 * The original file of a video with its SHA-256, for the delivery and the licence certificate
 * (issue 31); undefined when the video or its file is gone. The hash is computed once, streaming
 * the stored file (memory stays flat for a 600 MB original), and kept on the video row: a stored
 * key never changes content, so it never needs computing again.
 */
export async function videoOriginal(
  deps: Pick<AppDeps, 'database' | 'storage'>,
  videoId: number,
): Promise<VideoOriginal | undefined> {
  const db = deps.database.db;
  const row = await repo.findOriginal(db, videoId);
  if (!row) return undefined;
  if (row.sha256) return { ...row, sha256: row.sha256 };
  const object = await deps.storage.get(row.key);
  if (!object) return undefined;
  const hash = createHash('sha256');
  for await (const chunk of object.stream) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  await repo.setOriginalSha256(db, videoId, sha256);
  return { ...row, sizeBytes: object.size, sha256 };
}
