import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  PAPERWORK_MESSAGES,
  type Payee,
  type PayeeBody,
  type Release,
  type ReleaseKind,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { signDownloadToken, verifyDownloadToken, safeFileName } from '../../lib/download-tokens';
import { AppError } from '../../lib/errors';
import { createSealer } from '../../lib/sealed-text';
import type { AuthUser } from '../../plugins/auth';
import type { StoredObject } from '../../storage/storage';
import { createAccessCheck } from '../accounts/access-check';
import { recordAudit } from '../accounts/audit-records';
import { entryContext } from '../entries/entry-context';
import { createPaperworkEmails } from './paperwork.emails';
import { toPayee, toRelease } from './paperwork.presenter';
import * as repo from './paperwork.repository';
import { checkReleaseFile, EXTENSION_OF } from './release-files';

export type PaperworkServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

const notFound = () => new AppError('not_found', MESSAGES.generic.notFound);

/**
 * Winner paperwork (issue 31): release forms filed with an entry and reviewed by staff, and the
 * payee details a prize is paid to. What a payout still waits for: `paperwork-reads.ts`.
 */
export function createPaperworkService(deps: PaperworkServiceDeps) {
  const db = deps.database.db;
  const entries = entryContext(deps);
  const emails = createPaperworkEmails(deps);
  const sealer = createSealer(deps.config.PAYEE_DATA_KEY);
  const isCurrentAccess = createAccessCheck(deps);
  const secret = deps.config.JWT_SECRET;

  /** A link to the file that works without an Authorization header, for this user, for an hour. */
  const present = (row: repo.ReleaseRow, user: AuthUser): Release =>
    toRelease(
      row,
      `/api/releases/${row.id}/file/?token=${signDownloadToken(secret, `release-${row.id}`, user)}`,
    );

  /** The release with its entry, if `user` may see the entry (404 otherwise: others learn nothing). */
  async function visibleRelease(id: number, user: AuthUser) {
    const release = await repo.findRelease(db, id);
    if (!release) throw notFound();
    const { row } = await entries.loadVisible(release.entryId, user);
    return { release, entry: row };
  }

  /** Approves or rejects a pending release (staff), audited; the entrant is e-mailed. */
  async function decide(
    actor: AuthUser,
    id: number,
    approved: boolean,
    reason: string | null,
  ): Promise<Release> {
    const { release, entry } = await visibleRelease(id, actor);
    const decided = await db.transaction(async (tx) => {
      const row = await repo.decideRelease(tx, id, {
        status: approved ? 'approved' : 'rejected',
        reason,
        decidedBy: actor.id,
      });
      if (!row) throw new AppError('already_decided', PAPERWORK_MESSAGES.releaseDecided);
      await recordAudit(tx, {
        actor: { userId: actor.id },
        action: approved ? 'release.approve' : 'release.reject',
        targetType: 'release',
        targetId: id,
        before: { status: release.status },
        after: { status: row.status, entry_id: row.entryId, kind: row.kind, ...(reason ? { reason } : {}) },
      });
      return row;
    });
    await emails.sendDecision({
      to: entry.creatorEmail,
      entryId: entry.id,
      contestTitle: entry.contestTitle,
      kind: decided.kind,
      fileName: decided.fileName,
      approved,
      reason,
    });
    return present(decided, actor);
  }

  return {
    /**
     * The entrant files a release with their entry: checked by its bytes (PDF, JPEG or PNG), kept
     * in private storage, pending until staff review it. Nothing is left behind if it is refused.
     */
    async fileRelease(
      user: AuthUser,
      entryId: number,
      input: { kind: ReleaseKind; fileName: string; bytes: Buffer },
    ): Promise<Release> {
      const { row: entry } = await entries.loadVisible(entryId, user);
      if (entry.userId !== user.id) throw new AppError('forbidden', PAPERWORK_MESSAGES.notEntrant);
      const type = await checkReleaseFile(input.bytes);
      const key = `private/releases/${randomUUID()}.${EXTENSION_OF[type]}`;
      await deps.storage.put(key, input.bytes);
      try {
        const row = await repo.insertRelease(db, {
          entryId,
          kind: input.kind,
          fileKey: key,
          fileName: safeFileName(input.fileName.replace(/\.[^.]*$/, ''), EXTENSION_OF[type], 'release'),
          contentType: type,
          sizeBytes: input.bytes.length,
          uploadedBy: user.id,
        });
        return present(row, user);
      } catch (error) {
        await deps.storage.delete(key).catch(() => undefined);
        throw error;
      }
    },

    /** An entry's releases, oldest first, for the entrant, staff and the contest's brand. */
    async listReleases(user: AuthUser, entryId: number): Promise<Release[]> {
      await entries.loadVisible(entryId, user);
      return (await repo.listReleases(db, [entryId])).map((row) => present(row, user));
    },

    approve: (actor: AuthUser, id: number) => decide(actor, id, true, null),
    reject: (actor: AuthUser, id: number, reason: string) => decide(actor, id, false, reason),

    /**
     * A release's file for whoever may see its entry: a bearer token, or the link's token (checked
     * as an access token is: the account still active, its session still open). Staff and brand
     * downloads are audited.
     */
    async releaseFile(
      id: number,
      caller: { user?: AuthUser; token?: string },
    ): Promise<{ object: StoredObject; fileName: string; contentType: string }> {
      const signed = caller.token ? verifyDownloadToken(secret, `release-${id}`, caller.token) : null;
      const user = caller.user ?? (signed && (await isCurrentAccess(signed)) ? signed : null);
      if (!user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      const { release, entry } = await visibleRelease(id, user);
      const object = await deps.storage.get(release.fileKey);
      if (!object) throw notFound();
      if (user.id !== entry.userId)
        await recordAudit(db, {
          actor: { userId: user.id },
          action: 'release.download',
          targetType: 'release',
          targetId: id,
          after: { entry_id: entry.id, kind: release.kind },
        });
      return { object, fileName: release.fileName, contentType: release.contentType };
    },

    /** The creator's own payee details; null until entered (a normal state, not an error). */
    async payee(user: AuthUser): Promise<Payee | null> {
      const row = await repo.findPayee(db, user.id);
      return row ? toPayee(row) : null;
    },

    /** Enters or replaces the creator's payee details; the taxpayer id is sealed at once. */
    async savePayee(user: AuthUser, body: PayeeBody): Promise<Payee> {
      const taxId = body.tax_id.toUpperCase();
      const row = await repo.upsertPayee(db, {
        userId: user.id,
        legalName: body.legal_name,
        country: body.country,
        address: body.address,
        taxForm: body.tax_form,
        taxIdSealed: sealer.seal(taxId),
        taxIdLast4: taxId.slice(-4),
      });
      return toPayee(row);
    },

    /**
     * A creator's payee details as staff see them when paying (the id by its last four), null
     * until entered; each read of existing details is audited.
     */
    async payeeForStaff(actor: AuthUser, userId: number): Promise<Payee | null> {
      const row = await repo.findPayee(db, userId);
      if (!row) return null;
      await recordAudit(db, {
        actor: { userId: actor.id },
        action: 'payee.view',
        targetType: 'user',
        targetId: userId,
      });
      return toPayee(row);
    },
  };
}

export type PaperworkService = ReturnType<typeof createPaperworkService>;
