import type { Delivery } from '@app/domain';
import { safeFileName } from '../../lib/download-tokens';
import type { VideoOriginal } from '../videos';
import type { CertificateFacts } from './certificate';
import type { LoadedDelivery } from './delivery-loading';

/** How the certificate and the delivery name the creator. */
const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
};

/** The master's file name: the film's title with its container's extension. */
export const masterName = (original: VideoOriginal) =>
  safeFileName(original.title, EXTENSIONS[original.type] ?? 'bin', 'master');

/** What the licence certificate states of a loaded delivery. */
export function toCertificateFacts(loaded: LoadedDelivery): CertificateFacts {
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

/**
 * A loaded delivery as the API answers it, with its approved releases and the caller's links to
 * the master and the certificate.
 */
export function toDelivery(
  loaded: LoadedDelivery,
  releases: Delivery['releases'],
  links: { master: string; certificate: string },
): Delivery {
  const { entry, place, judged, original, agreement, licence } = loaded;
  const playback = judged.video.playback;
  const top = playback?.renditions[playback.renditions.length - 1];
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
      url: links.master,
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
    certificate_url: links.certificate,
  };
}
