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
 * An uploaded picture as a WebP that fits in `width`×`height` (never enlarged), upright, with its
 * metadata (EXIF, GPS) dropped; null when the bytes are not a decodable JPEG, PNG or WebP.
 */
export async function toWebp(
  bytes: Buffer,
  size: { width: number; height: number; fit: 'cover' | 'inside' },
): Promise<Buffer | null> {
  if (!imageKindOf(bytes)) return null;
  // sharp (libvips) is loaded on the first image, not by every process at start.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(size.width, size.height, { fit: size.fit, withoutEnlargement: size.fit === 'inside' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
