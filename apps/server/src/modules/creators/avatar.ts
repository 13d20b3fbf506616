import { CREATOR_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import { toWebp } from '../../lib/images';

export { imageKindOf } from '../../lib/images';

/** Avatars are stored as square WebP images of this many pixels. */
export const AVATAR_SIZE = 512;

/**
 * Checks an uploaded avatar and returns it resized to a square WebP with the metadata (EXIF, GPS)
 * dropped. Anything that is not a decodable JPEG/PNG/WebP is a 400 on the avatar field.
 */
export async function resizeAvatar(bytes: Buffer): Promise<Buffer> {
  const webp = await toWebp(bytes, { width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover' });
  if (!webp) throw AppError.validation({ avatar: [CREATOR_MESSAGES.avatarInvalid] });
  return webp;
}
