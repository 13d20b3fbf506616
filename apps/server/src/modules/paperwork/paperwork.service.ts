import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  PAPERWORK_LIMITS,
  PAPERWORK_MESSAGES,
  type Payee,
  PAYEE_FIELDS,
  type PayeeBody,
  type PayeeField,
  type Release,
  type ReleaseKind,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { signDownloadToken, verifyDownloadToken, safeFileName } from '../../lib/download-tokens';
import { AppError } from '../../lib/errors';
import { createSealer, type Sealer } from '../../lib/sealed-text';
import { throttle } from '../../lib/throttle';
import { callerOf, type Caller } from '../../plugins/auth';
import type { StoredObject } from '../../storage/storage';
import { createAccessCheck, namesOf } from '../accounts';
import { recordAudit } from '../audit';
import { entryContext } from '../entries';
import { checkStoredFileQuota, type QuotaOwners } from '../videos';
import { createPaperworkEmails } from './paperwork.emails';
import { toPayee, toRelease } from './paperwork.presenter';
import * as repo from './paperwork.repository';
import { checkReleaseFile, EXTENSION_OF } from './release-files';

export type PaperworkServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

/** A release as the upload form sends it, read by the route once the upload may begin. */
export interface ReleaseForm {
  kind: ReleaseKind;
  fileName: string;
  bytes: Buffer;
}

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
  // Release forms count in their creator's storage quota, with their videos and captions.
  const quotaOwners: QuotaOwners = { storedBytesElsewhere: repo.releaseBytesOf };

  /**
   * Whether the entry may take one more release of `kind` from `userId`: at most
   * `releasesPerKind` waiting for review or approved (409), and the creator's stored bytes within
   * their quota (413) with the disk's reserve kept (507).
   */
  async function checkRoom(tx: DbOrTx, userId: number, entryId: number, kind: ReleaseKind, bytes: number) {
    if ((await repo.countLiveReleases(tx, entryId, kind)) >= PAPERWORK_LIMITS.releasesPerKind)
      throw new AppError('conflict', PAPERWORK_MESSAGES.releaseLimit);
    await checkStoredFileQuota(
      tx,
      deps.config,
      userId,
      { incomingBytes: bytes, replacedBytes: 0 },
      quotaOwners,
    );
  }

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

  /** Approves or rejects a pending release (staff), audited; the entrant is e-mailed. */
  async function decide(
    actor: Caller,
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
      const { row: entry } = await entries.loadVisible(entryId, user);
      if (entry.userId !== user.id) throw new AppError('forbidden', PAPERWORK_MESSAGES.notEntrant);
      // Counted before the body is read, in every app process: each upload is up to 10 MB to
      // receive and check, whatever becomes of it.
      await throttle(deps.database, {
        key: `release-upload:user:${user.id}`,
        limit: PAPERWORK_LIMITS.releaseUploadsPerHour,
        windowSeconds: 3600,
      });
      const input = typeof form === 'function' ? await form() : form;
      const type = await checkReleaseFile(input.bytes);
      // Refused here before anything is stored; checked again below, under the creator's lock.
      await checkRoom(db, user.id, entryId, input.kind, input.bytes.length);
      const key = `private/releases/${randomUUID()}.${EXTENSION_OF[type]}`;
      await deps.storage.put(key, input.bytes);
      try {
        const row = await db.transaction(async (tx) => {
          await repo.lockFilingsOf(tx, user.id);
          await checkRoom(tx, user.id, entryId, input.kind, input.bytes.length);
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

    /** An entry's releases, oldest first, for the entrant, staff and the contest's brand. */
    async listReleases(user: Caller, entryId: number): Promise<Release[]> {
      await entries.loadVisible(entryId, user);
      return (await repo.listReleases(db, [entryId])).map((row) => present(row, user));
    },

    approve: (actor: Caller, id: number) => decide(actor, id, true, null),
    reject: (actor: Caller, id: number, reason: string) => decide(actor, id, false, reason),

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
    async payee(user: Caller): Promise<Payee | null> {
      const row = await repo.findPayee(db, user.id);
      return row ? toPayee(row) : null;
    },

    /**
     * Enters or replaces the creator's payee details; the taxpayer id is sealed at once. Where a
     * prize is paid is a security matter: each save is audited (which fields changed, never their
     * values) and the creator is e-mailed, so a change they did not make does not go unnoticed.
     */
    async savePayee(user: Caller, body: PayeeBody): Promise<Payee> {
      const taxId = body.tax_id.toUpperCase();
      const { row, changed } = await db.transaction(async (tx) => {
        const before = await repo.findPayee(tx, user.id);
        const saved = await repo.upsertPayee(tx, {
          userId: user.id,
          legalName: body.legal_name,
          country: body.country,
          address: body.address,
          taxForm: body.tax_form,
          taxIdSealed: sealer.seal(taxId),
          taxIdLast4: taxId.slice(-4),
        });
        const fields = changedPayeeFields(before, saved, taxId, sealer);
        // The fields' names only: the values are personal data, the taxpayer id a secret.
        if (fields.length)
          await recordAudit(tx, {
            actor: { userId: user.id },
            action: 'payee.update',
            targetType: 'user',
            targetId: user.id,
            before: { entered: Boolean(before) },
            after: { changed: fields },
          });
        return { row: saved, changed: fields };
      });
      if (changed.length) {
        const email = (await namesOf(db, [user.id])).get(user.id)?.email;
        if (email) await emails.sendPayeeChanged({ to: email, changed, at: row.updatedAt });
      }
      return toPayee(row);
    },

    /**
     * A creator's payee details as staff see them when paying (the id by its last four), null
     * until entered; each read of existing details is audited.
     */
    async payeeForStaff(actor: Caller, userId: number): Promise<Payee | null> {
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

/**
 * The payee fields (as the API names them) that differ between the details saved before, if any
 * (every field when none were), and those just saved with the taxpayer id `taxId`.
 */
function changedPayeeFields(
  before: repo.PayeeRow | undefined,
  after: repo.PayeeRow,
  taxId: string,
  sealer: Sealer,
): PayeeField[] {
  const same: Record<PayeeField, (old: repo.PayeeRow) => boolean> = {
    legal_name: (old) => old.legalName === after.legalName,
    country: (old) => old.country === after.country,
    address: (old) => old.address === after.address,
    tax_form: (old) => old.taxForm === after.taxForm,
    // Sealing is randomised: the old id is compared opened (one that no longer opens differs).
    tax_id: (old) => {
      try {
        return sealer.open(old.taxIdSealed) === taxId;
      } catch {
        return false;
      }
    },
  };
  return PAYEE_FIELDS.filter((field) => !before || !same[field](before));
}
