import { MESSAGES, type Release } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { signDownloadToken, verifyDownloadToken } from '../../lib/download-tokens';
import { AppError } from '../../lib/errors';
import { callerOf, type Caller } from '../../plugins/auth';
import type { StoredObject } from '../../storage/storage';
import { createAccessCheck } from '../accounts';
import { recordAudit } from '../audit';
import type { EntryContext } from '../entries';
import { isEntrant } from './paperwork.policy';
import { toRelease } from './paperwork.presenter';
import * as repo from './paperwork.repository';

export type PaperworkServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

const notFound = () => new AppError('not_found', MESSAGES.generic.notFound);

/** What paperwork asks of the entries module (passed by the composition root, modules/index.ts). */
export interface PaperworkPorts {
  /** Entries as their pages show them, and who may see one. */
  entries: EntryContext;
}

/**
 * How releases are shown, shared by the paperwork service's parts: a release with its file's
 * link for the caller, a release only to whoever may see its entry, an entry's releases and a
 * release's file.
 */
export function createReleaseViews(deps: PaperworkServiceDeps, { entries }: PaperworkPorts) {
  const db = deps.database.db;
  const isCurrentAccess = createAccessCheck(deps);
  const secret = deps.config.JWT_SECRET;

  /** A link to the file that works without an Authorization header, for this user, for an hour. */
  const present = (row: repo.ReleaseRow, user: Caller): Release =>
    toRelease(
      row,
      `/api/releases/${row.id}/file/?token=${signDownloadToken(secret, `release-${row.id}`, user)}`,
    );

  /** The release with its entry, if `user` may see the entry (404 otherwise: others learn nothing). */
  async function visibleRelease(id: number, user: Caller) {
    const release = await repo.findRelease(db, id);
    if (!release) throw notFound();
    const { row } = await entries.loadVisible(release.entryId, user);
    return { release, entry: row };
  }

  return {
    present,
    visibleRelease,
    /** The entry, if `user` may see it (404 otherwise): entries' rule. */
    visibleEntry: entries.loadVisible,

    /** An entry's releases, oldest first, for the entrant, staff and the contest's brand. */
    async listReleases(user: Caller, entryId: number): Promise<Release[]> {
      await entries.loadVisible(entryId, user);
      return (await repo.listReleases(db, [entryId])).map((row) => present(row, user));
    },

    /**
     * A release's file for whoever may see its entry: a bearer token, or the link's token (checked
     * as an access token is: the account still active, its session still open). Staff and brand
     * downloads are audited.
     */
    async releaseFile(
      id: number,
      caller: { user?: Caller; token?: string },
    ): Promise<{ object: StoredObject; fileName: string; contentType: string }> {
      const signed = caller.token ? verifyDownloadToken(secret, `release-${id}`, caller.token) : null;
      const user = caller.user ?? (await callerOf(signed, isCurrentAccess));
      if (!user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      const { release, entry } = await visibleRelease(id, user);
      const object = await deps.storage.get(release.fileKey);
      if (!object) throw notFound();
      if (!isEntrant(user, entry))
        await recordAudit(db, {
          actor: { userId: user.id },
          action: 'release.download',
          targetType: 'release',
          targetId: id,
          after: { entry_id: entry.id, kind: release.kind },
        });
      return { object, fileName: release.fileName, contentType: release.contentType };
    },
  };
}

export type ReleaseViews = ReturnType<typeof createReleaseViews>;
