import { randomUUID } from 'node:crypto';
import { PAPERWORK_LIMITS, PAPERWORK_MESSAGES, type Release, type ReleaseKind } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { safeFileName } from '../../lib/download-tokens';
import { AppError } from '../../lib/errors';
import { throttle } from '../../lib/throttle';
import type { Caller } from '../../plugins/auth';
import { checkStoredFileQuota, type QuotaPorts } from '../videos';
import { assertCanFileRelease } from './paperwork.policy';
import * as repo from './paperwork.repository';
import { checkReleaseFile, EXTENSION_OF } from './release-files';
import type { PaperworkServiceDeps, ReleaseViews } from './release-views';

/** A release as the upload form sends it, read by the route once the upload may begin. */
export interface ReleaseForm {
  kind: ReleaseKind;
  fileName: string;
  bytes: Buffer;
}

// Release forms count in their creator's storage quota, with their videos and captions.
const quotaPorts: QuotaPorts = { storedBytesElsewhere: repo.releaseBytesOf };

/**
 * Whether the entry may take one more release of `kind` from `userId`: at most
 * `releasesPerKind` waiting for review or approved (409), and the creator's stored bytes within
 * their quota (413) with the disk's reserve kept (507).
 */
async function checkRoom(
  deps: PaperworkServiceDeps,
  tx: DbOrTx,
  { userId, entryId, kind, bytes }: { userId: number; entryId: number; kind: ReleaseKind; bytes: number },
) {
  if ((await repo.countLiveReleases(tx, entryId, kind)) >= PAPERWORK_LIMITS.releasesPerKind)
    throw new AppError('conflict', PAPERWORK_MESSAGES.releaseLimit);
  await checkStoredFileQuota(tx, deps.config, userId, { incomingBytes: bytes, replacedBytes: 0 }, quotaPorts);
}

/** The entrant files a release with their entry. */
export function createReleaseFiling(deps: PaperworkServiceDeps, { present, visibleEntry }: ReleaseViews) {
  const db = deps.database.db;
  return {
    /**
     * The entrant files a release with their entry: `form`, or what it reads once the entrant may
     * send one (the route reads the upload then: uploads are rate-limited). The file is checked by
     * its bytes (PDF, JPEG or PNG), counted against the entry's releases of its kind and the
     * creator's storage quota, kept in private storage, and pending until staff review it.
     * Nothing is left behind if it is refused.
     */
    async fileRelease(
      user: Caller,
      entryId: number,
      form: ReleaseForm | (() => Promise<ReleaseForm>),
    ): Promise<Release> {
      const { row: entry } = await visibleEntry(entryId, user);
      assertCanFileRelease(user, entry);
      // Counted before the body is read, in every app process: each upload is up to 10 MB to
      // receive and check, whatever becomes of it.
      await throttle(deps.database, {
        key: `release-upload:user:${user.id}`,
        limit: PAPERWORK_LIMITS.releaseUploadsPerHour,
        windowSeconds: 3600,
      });
      const input = typeof form === 'function' ? await form() : form;
      const type = await checkReleaseFile(input.bytes);
      const room = { userId: user.id, entryId, kind: input.kind, bytes: input.bytes.length };
      // Refused here before anything is stored; checked again below, under the creator's lock.
      await checkRoom(deps, db, room);
      const key = `private/releases/${randomUUID()}.${EXTENSION_OF[type]}`;
      await deps.storage.put(key, input.bytes);
      try {
        const row = await db.transaction(async (tx) => {
          await repo.lockFilingsOf(tx, user.id);
          await checkRoom(deps, tx, room);
          return repo.insertRelease(tx, {
            entryId,
            kind: input.kind,
            fileKey: key,
            fileName: safeFileName(input.fileName.replace(/\.[^.]*$/, ''), EXTENSION_OF[type], 'release'),
            contentType: type,
            sizeBytes: input.bytes.length,
            uploadedBy: user.id,
          });
        });
        return present(row, user);
      } catch (error) {
        await deps.storage.delete(key).catch(() => undefined);
        throw error;
      }
    },
  };
}
