import { PAPERWORK_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import { imageKindOf } from '../../lib/images';

export type ReleaseFileType = 'application/pdf' | 'image/jpeg' | 'image/png';

export const EXTENSION_OF: Record<ReleaseFileType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * PDF names that make a reader run or open something: scripts, launch actions, attached files,
 * forms that submit. A release is a signed page; one with any of these is refused rather than
 * stored for staff and brands to open.
 */
const ACTIVE_PDF = /\/(JavaScript|JS|Launch|EmbeddedFiles?|SubmitForm|ImportData|RichMedia)\b/;

const invalid = (detail: string) => AppError.validation({ file: [detail] });

/**
 * What a release file is, decided by its own bytes (never by its name or declared type): a PDF
 * (header at the start, end-of-file marker in its last KiB, no active content) or a JPEG or PNG
 * that decodes. Anything else — an executable renamed `.pdf`, a truncated file — is refused with a
 * sentence for the person uploading.
 */
export async function checkReleaseFile(bytes: Buffer): Promise<ReleaseFileType> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF'))
      throw invalid(PAPERWORK_MESSAGES.releaseType);
    if (ACTIVE_PDF.test(bytes.toString('latin1'))) throw invalid(PAPERWORK_MESSAGES.releaseActive);
    return 'application/pdf';
  }
  const image = imageKindOf(bytes);
  if (image !== 'jpeg' && image !== 'png') throw invalid(PAPERWORK_MESSAGES.releaseType);
  // sharp (libvips) is loaded on the first image, not by every process at start.
  const { default: sharp } = await import('sharp');
  const decodable = await sharp(bytes, { limitInputPixels: 100_000_000 })
    .metadata()
    .then((meta) => Boolean(meta.width && meta.height))
    .catch(() => false);
  if (!decodable) throw invalid(PAPERWORK_MESSAGES.releaseType);
  return image === 'jpeg' ? 'image/jpeg' : 'image/png';
}
