import {
  DELIVERY_MESSAGES,
  LICENCE_GRANT,
  licenceEnds,
  MESSAGES,
  type Delivery,
  type EntryVersion,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { safeFileName, signDownloadToken, verifyDownloadToken } from '../../lib/download-tokens';
import { AppError } from '../../lib/errors';
import { callerOf, type Caller } from '../../plugins/auth';
import type { StoredObject } from '../../storage/storage';
import { createAccessCheck, brandNamesOf } from '../accounts';
import { recordAudit } from '../audit';
import { entryContext, videosOwners } from '../entries';
import { findPublishedPlace } from '../judging';
import { createPaperworkService } from '../paperwork';
import { videoOriginal, type VideoOriginal, createVideosService } from '../videos';
import { mastersDeliveredToBrand } from './delivery-reads';
import { renderCertificate, type CertificateFacts } from './certificate';
import type { DeliveryOwners } from './delivery.owners';
import { assertCanReceiveDelivery } from './delivery.policy';

export type DeliveryServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

const notDelivered = () => new AppError('not_found', DELIVERY_MESSAGES.notDelivered);
/** How the certificate and the delivery name the creator. */
const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const day = (date: Date) => date.toISOString().slice(0, 10);
const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
};

/**
 * Delivery of a winning entry (issue 31): after its contest's results are published, staff and
 * the contest's brand get the master (the judged version's original file, named by its SHA-256),
 * the renditions and captions, the approved releases, and a licence certificate (PDF). Viewing
 * the delivery, downloading the master and downloading the certificate are audited.
 */
export function createDeliveryService(deps: DeliveryServiceDeps, owners: DeliveryOwners) {
  const db = deps.database.db;
  const entries = entryContext(deps);
  const paperwork = createPaperworkService(deps);
  const isCurrentAccess = createAccessCheck(deps);
  // The master is a video's original: served under the videos' one rule for originals.
  const videos = createVideosService(deps, { ...videosOwners, mastersDeliveredToBrand });
  const secret = deps.config.JWT_SECRET;

  /**
   * Everything a delivery states, for a caller who may receive it: 404 for whoever may not see
   * the entry, 403 for the entrant, 404 (with why) before results or for an entry that placed
   * nowhere, 404 when the original file is gone.
   */
  async function load(entryId: number, user: Caller) {
    const { row: entry } = await entries.loadVisible(entryId, user);
    assertCanReceiveDelivery(user);
    const place = await findPublishedPlace(db, entryId);
    if (!place) throw notDelivered();
    const versions = (await entries.versionsOf([entryId], user)).get(entryId) ?? [];
    const judged: EntryVersion | undefined = versions[versions.length - 1];
    if (!judged) throw notDelivered();
    const [original, brands, agreement] = await Promise.all([
      videoOriginal(deps, judged.video.id),
      brandNamesOf(db, [entry.contestBrandId]),
      owners.acceptedAgreement(db, { contestId: entry.contestId, userId: entry.userId }),
    ]);
    if (!original) throw new AppError('not_found', MESSAGES.generic.notFound);
    const startsOn = place.publishedAt;
    const brandName = brands.get(entry.contestBrandId) ?? '';
    return {
      entry,
      place,
      judged,
      original,
      brandName,
      agreement,
      licence: {
        terms: LICENCE_GRANT.terms(brandName),
        startsOn: day(startsOn),
        endsOn: day(licenceEnds(startsOn)),
      },
    };
  }
  type Loaded = Awaited<ReturnType<typeof load>>;

  const masterName = (original: VideoOriginal) =>
    safeFileName(original.title, EXTENSIONS[original.type] ?? 'bin', 'master');

  /** The caller: a bearer token's user, or the user a link's token was signed for (still current). */
  async function requester(resource: `${string}-${number}`, caller: { user?: Caller; token?: string }) {
    const signed = caller.token ? verifyDownloadToken(secret, resource, caller.token) : null;
    const user = caller.user ?? (await callerOf(signed, isCurrentAccess));
    if (!user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
    return user;
  }

  function certificateFacts(loaded: Loaded): CertificateFacts {
    const { entry, place, judged, original, agreement, licence } = loaded;
    return {
      entryId: entry.id,
      contestTitle: entry.contestTitle,
      brandName: loaded.brandName,
      creatorName: nameOf(entry.creatorFirstName, entry.creatorLastName),
      place: place.place,
      filmTitle: judged.video.title,
      version: judged.version,
      agreement: agreement ? { version: agreement.version, sha256: agreement.sha256 } : null,
      licence,
      master: {
        fileName: masterName(original),
        contentType: original.type,
        sizeBytes: original.sizeBytes,
        sha256: original.sha256,
      },
      issuedAt: place.publishedAt,
    };
  }

  return {
    /** The delivery of a winning entry, with short-lived links for `user`; audited (`delivery.view`). */
    async delivery(user: Caller, entryId: number): Promise<Delivery> {
      const loaded = await load(entryId, user);
      const { entry, place, judged, original, agreement, licence } = loaded;
      const releases = (await paperwork.listReleases(user, entryId)).filter((r) => r.status === 'approved');
      const playback = judged.video.playback;
      const top = playback?.renditions[playback.renditions.length - 1];
      await recordAudit(db, {
        actor: { userId: user.id },
        action: 'delivery.view',
        targetType: 'entry',
        targetId: entryId,
        after: { version: judged.version, sha256: original.sha256 },
      });
      return {
        entry_id: entry.id,
        contest: { id: entry.contestId, title: entry.contestTitle },
        brand: { id: entry.contestBrandId, name: loaded.brandName },
        creator: { id: entry.userId, name: nameOf(entry.creatorFirstName, entry.creatorLastName) },
        place: place.place,
        version: judged.version,
        title: judged.video.title,
        results_published_at: place.publishedAt.toISOString(),
        master: {
          file_name: masterName(original),
          content_type: original.type,
          size_bytes: original.sizeBytes,
          sha256: original.sha256,
          url: `/api/entries/${entryId}/delivery/master/?token=${signDownloadToken(secret, `master-${entryId}`, user)}`,
        },
        renditions: playback
          ? [
              {
                format: 'mp4' as const,
                name: 'Progressive MP4',
                width: top?.width ?? null,
                height: top?.height ?? null,
                url: playback.mp4_url,
              },
              {
                format: 'hls' as const,
                name: `HLS (${playback.renditions.map((r) => `${Math.min(r.width, r.height)}p`).join(', ')})`,
                width: top?.width ?? null,
                height: top?.height ?? null,
                url: playback.hls_url,
              },
            ]
          : [],
        captions: playback?.captions ?? [],
        releases,
        agreement: agreement
          ? {
              version: agreement.version,
              sha256: agreement.sha256,
              accepted_at: new Date(agreement.accepted_at).toISOString(),
            }
          : null,
        licence: { terms: licence.terms, starts_on: licence.startsOn, ends_on: licence.endsOn },
        certificate_url: `/api/entries/${entryId}/certificate.pdf?token=${signDownloadToken(secret, `certificate-${entryId}`, user)}`,
      };
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
      const facts = certificateFacts(await load(entryId, user));
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
