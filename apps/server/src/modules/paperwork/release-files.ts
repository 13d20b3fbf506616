import { PAPERWORK_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import { imageKindOf } from '../../lib/images';
import { pdfProblem } from './pdf-content';

export type ReleaseFileType = 'application/pdf' | 'image/jpeg' | 'image/png';

export const EXTENSION_OF: Record<ReleaseFileType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

const invalid = (detail: string) => AppError.validation({ file: [detail] });

/**
 * What a release file is, decided by its own bytes (never by its name or declared type): a PDF
 * (header at the start, end-of-file marker in its last KiB, no active content, object streams
 * included: pdf-content.ts) or a JPEG or PNG that decodes. Anything else — an executable renamed
 * `.pdf`, a truncated file — is refused with a sentence for the person uploading.
 */
export async function checkReleaseFile(bytes: Buffer): Promise<ReleaseFileType> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF'))
      throw invalid(PAPERWORK_MESSAGES.releaseType);
    // A release is a signed page: one that would run or open something is refused rather than
    // stored for staff and brands to open, and so is one whose compressed objects cannot be read.
    const problem = pdfProblem(bytes);
    if (problem === 'active') throw invalid(PAPERWORK_MESSAGES.releaseActive);
    if (problem === 'unreadable') throw invalid(PAPERWORK_MESSAGES.releaseUnreadable);
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
