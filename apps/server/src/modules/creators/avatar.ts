import { CREATOR_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';

/** Avatars are stored as square WebP images of this many pixels. */
export const AVATAR_SIZE = 512;

/** JPEG, PNG or WebP by the file's own bytes (never by its name or declared type). */
export function imageKindOf(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/**
 * Checks an uploaded avatar and returns it resized to a square WebP with the metadata (EXIF, GPS)
 * dropped. Anything that is not a decodable JPEG/PNG/WebP is a 400 on the avatar field.
 */
export async function resizeAvatar(bytes: Buffer): Promise<Buffer> {
  const invalid = AppError.validation({ avatar: [CREATOR_MESSAGES.avatarInvalid] });
  if (!imageKindOf(bytes)) throw invalid;
  // sharp (libvips) is loaded on the first avatar, not by every process at start.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalid;
  }
}
