/** Files up to this size are hashed by the browser's own SHA-256 in one call (read whole). */
export const WHOLE_FILE_MAX_BYTES = 256 * 1024 * 1024;
/** Larger files are read and hashed a slice at a time, so memory stays flat. */
export const SLICE_BYTES = 8 * 1024 * 1024;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The hex SHA-256 of a local file, computed in the browser (nothing is uploaded). Web Crypto's
 * `digest` takes the whole input at once, so it hashes files up to `WHOLE_FILE_MAX_BYTES`; larger
 * files (a 600 MB master) and pages without Web Crypto (not a secure context) use an incremental
 * SHA-256 over slices. `onProgress` gets the fraction read (0–1).
 */
export async function fileSha256(
  file: Blob,
  onProgress?: (fraction: number) => void,
  options: { wholeFileMax?: number; sliceBytes?: number } = {},
): Promise<string> {
  const wholeFileMax = options.wholeFileMax ?? WHOLE_FILE_MAX_BYTES;
  const sliceBytes = options.sliceBytes ?? SLICE_BYTES;
  const subtle = globalThis.crypto?.subtle;
  if (subtle && file.size <= wholeFileMax) {
    const digest = await subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer()));
    onProgress?.(1);
    return hex(new Uint8Array(digest));
  }
  // Loaded only for large files: most pages never need it.
  const { sha256 } = await import('@noble/hashes/sha2');
  const hash = sha256.create();
  for (let start = 0; start < file.size; start += sliceBytes) {
    const slice = file.slice(start, Math.min(file.size, start + sliceBytes));
    hash.update(new Uint8Array(await slice.arrayBuffer()));
    onProgress?.(Math.min(1, (start + sliceBytes) / file.size));
  }
  onProgress?.(1);
  return hex(hash.digest());
}
