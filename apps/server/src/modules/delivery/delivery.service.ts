import { MESSAGES, type Delivery } from '@app/domain';
import { signDownloadToken, verifyDownloadToken } from '../../lib/download-tokens';
import { AppError } from '../../lib/errors';
import { callerOf, type Caller } from '../../plugins/auth';
import type { StoredObject } from '../../storage/storage';
import { createAccessCheck } from '../accounts';
import { recordAudit } from '../audit';
import { renderCertificate } from './certificate';
import { createDeliveryLoader, type DeliveryServiceDeps } from './delivery-loading';
import type { DeliveryPorts } from './delivery.ports';
import { masterName, toCertificateFacts, toDelivery } from './delivery.presenter';

export type { DeliveryServiceDeps } from './delivery-loading';

/**
 * Delivery of a winning entry (issue 31): after its contest's results are published, staff and
 * the contest's brand get the master (the judged version's original file, named by its SHA-256),
 * the renditions and captions, the approved releases, and a licence certificate (PDF). Viewing
 * the delivery, downloading the master and downloading the certificate are audited.
 */
export function createDeliveryService(deps: DeliveryServiceDeps, ports: DeliveryPorts) {
  const db = deps.database.db;
  const load = createDeliveryLoader(deps, ports);
  const { paperwork, videos } = ports;
  const isCurrentAccess = createAccessCheck(deps);
  const secret = deps.config.JWT_SECRET;

  /** The caller: a bearer token's user, or the user a link's token was signed for (still current). */
  async function requester(resource: `${string}-${number}`, caller: { user?: Caller; token?: string }) {
    const signed = caller.token ? verifyDownloadToken(secret, resource, caller.token) : null;
    const user = caller.user ?? (await callerOf(signed, isCurrentAccess));
    if (!user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
    return user;
  }

  return {
    /** The delivery of a winning entry, with short-lived links for `user`; audited (`delivery.view`). */
    async delivery(user: Caller, entryId: number): Promise<Delivery> {
      const loaded = await load(entryId, user);
      const { judged, original } = loaded;
      const releases = (await paperwork.listReleases(user, entryId)).filter((r) => r.status === 'approved');
      await recordAudit(db, {
        actor: { userId: user.id },
        action: 'delivery.view',
        targetType: 'entry',
        targetId: entryId,
        after: { version: judged.version, sha256: original.sha256 },
      });
      return toDelivery(loaded, releases, {
        master: `/api/entries/${entryId}/delivery/master/?token=${signDownloadToken(secret, `master-${entryId}`, user)}`,
        certificate: `/api/entries/${entryId}/certificate.pdf?token=${signDownloadToken(secret, `certificate-${entryId}`, user)}`,
      });
    },

    /**
     * The master file (the link's token or a bearer token), audited (`delivery.download`): the
     * delivery's rule, then the videos' rule for originals (`openOriginal`), which admits the
     * same callers.
     */
    async master(
      entryId: number,
      caller: { user?: Caller; token?: string },
    ): Promise<{ object: StoredObject; fileName: string; contentType: string }> {
      const user = await requester(`master-${entryId}`, caller);
      const { original, judged } = await load(entryId, user);
      const { object } = await videos.openOriginal(judged.video.id, user);
      await recordAudit(db, {
        actor: { userId: user.id },
        action: 'delivery.download',
        targetType: 'entry',
        targetId: entryId,
        after: { version: judged.version, sha256: original.sha256, size_bytes: original.sizeBytes },
      });
      return { object, fileName: masterName(original), contentType: original.type };
    },

    /** The licence certificate PDF, audited (`certificate.download`). */
    async certificate(
      entryId: number,
      caller: { user?: Caller; token?: string },
    ): Promise<{ pdf: Buffer; fileName: string }> {
      const user = await requester(`certificate-${entryId}`, caller);
      const facts = toCertificateFacts(await load(entryId, user));
      const pdf = await renderCertificate(facts);
      await recordAudit(db, {
        actor: { userId: user.id },
        action: 'certificate.download',
        targetType: 'entry',
        targetId: entryId,
        after: { sha256: facts.master.sha256, agreement_sha256: facts.agreement?.sha256 ?? null },
      });
      return { pdf, fileName: `licence-certificate-entry-${entryId}.pdf` };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
