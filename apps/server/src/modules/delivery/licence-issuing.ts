import { DELIVERY_MESSAGES, licenceEnds } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { contestLicenceTermsOf } from '../contests';
import type { LicenceGrant } from '../judging';
import { videoOriginal } from '../videos';
import { newLicenceId } from './licence-ids';
import * as repo from './licences.repository';

/** What a licence is issued from: a placed entry once its contest's results are published. */
export interface PlacedEntry {
  entry: { id: number; contestId: number; contestBrandId: number; userId: number };
  place: { publishedAt: Date };
  judged: { video: { title: string } };
  original: { sha256: string };
}

/**
 * Issues the licences of entries placed by a publication or a correction of results (judging's
 * port, wired in modules/index.ts). An entry whose original cannot be read is logged and left:
 * its licence is issued on its first read, as are those of results published before licences
 * were issued at publication (docs/spec-decisions.md, "Licences").
 */
export async function issueLicences(
  deps: Pick<AppDeps, 'database' | 'storage' | 'log'>,
  grants: LicenceGrant[],
): Promise<number> {
  let issued = 0;
  for (const grant of grants) {
    const original = await videoOriginal(deps, grant.videoId);
    if (!original) {
      deps.log.warn({ entryId: grant.entryId }, 'no original to issue the licence from');
      continue;
    }
    await ensureLicence(deps.database.db, {
      entry: {
        id: grant.entryId,
        contestId: grant.contestId,
        contestBrandId: grant.brandId,
        userId: grant.userId,
      },
      place: { publishedAt: grant.publishedAt },
      judged: { video: { title: grant.title } },
      original,
    });
    issued += 1;
  }
  return issued;
}

/**
 * The licence of a placed entry (issue 51), issued at the results' publication (`issueLicences`),
 * or on its first read when that did not happen: from the results' publication for the contest's
 * term, with the contest's channels, territories and exclusivity copied, and the judged version's
 * master named by its SHA-256. Issuing twice (two requests at once, two
 * processes) keeps the first row: the entry's licence is unique.
 */
export async function ensureLicence(db: DbOrTx, placed: PlacedEntry): Promise<repo.LicenceRow> {
  const existing = await repo.findLicenceOfEntry(db, placed.entry.id);
  if (existing) return existing;
  const terms = await contestLicenceTermsOf(db, placed.entry.contestId);
  if (!terms) throw new AppError('not_found', DELIVERY_MESSAGES.notDelivered);
  const startsAt = placed.place.publishedAt;
  await repo.insertLicence(db, {
    id: newLicenceId(),
    entryId: placed.entry.id,
    contestId: placed.entry.contestId,
    brandId: placed.entry.contestBrandId,
    creatorId: placed.entry.userId,
    title: placed.judged.video.title,
    masterSha256: placed.original.sha256,
    startsAt,
    endsAt: licenceEnds(startsAt, terms.term_months),
    channels: terms.channels,
    territories: terms.territories,
    exclusive: terms.exclusive,
  });
  return (await repo.findLicenceOfEntry(db, placed.entry.id))!;
}

/** The public page that checks a licence (printed on the certificate, in its QR code). */
export const verifyUrl = (publicUrl: string, licenceId: string) => `${publicUrl}/licences/${licenceId}`;
