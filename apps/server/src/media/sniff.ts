import { Readable } from 'node:stream';

export type SniffedVideoType = 'video/mp4' | 'video/quicktime' | 'video/webm';

/** File extension stored for each accepted type (the key never uses the uploaded name). */
export const EXTENSION_OF: Record<SniffedVideoType, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/** How many leading bytes `sniffVideoType` wants to see. */
export const SNIFF_BYTES = 4096;

const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * Decides the container from the file's own first bytes, whatever its name or declared type:
 * ISO BMFF with an `ftyp` box (MP4, M4V, QuickTime 'qt  '), old QuickTime atoms, or EBML with
 * the 'webm' doc type. Anything else is not a video we accept.
 */
export function sniffVideoType(head: Buffer): SniffedVideoType | null {
  if (head.length >= 12) {
    const box = head.toString('latin1', 4, 8);
    if (box === 'ftyp') {
      const brand = head.toString('latin1', 8, 12);
      return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';
    }
    if (QUICKTIME_ATOMS.has(box)) return 'video/quicktime';
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    return head.includes(Buffer.from('webm', 'latin1')) ? 'video/webm' : null;
  }
  return null;
}

/**
 * Reads the first `bytes` bytes of a stream and gives back a stream that still yields everything
 * (head included), keeping backpressure. The head is put back into the source itself, so the
 * bytes then flow straight from the source with no extra stream in between.
 */
export async function peekStream(
  source: Readable,
  bytes: number,
): Promise<{ head: Buffer; stream: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes && !source.readableEnded) {
    const chunk = source.read() as Buffer | null;
    if (chunk) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    // A stream that failed or closed before we looked (a multipart body cut short: the parser
    // destroys the file part at once) will send no event any more.
    if (source.destroyed) {
      // Its 'error' event may still be on its way: it is the error thrown here, not an uncaught one.
      source.once('error', () => {});
      throw source.errored ?? new Error('Unexpected end of form');
    }
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        source.off('readable', onReadable).off('end', onEnd).off('error', settle).off('close', onClose);
        if (error) reject(error);
        else resolve();
      };
      const onReadable = () => settle();
      const onEnd = () => settle();
      const onClose = () => settle(source.errored ?? new Error('Unexpected end of form'));
      source.once('readable', onReadable).once('end', onEnd).once('error', settle).once('close', onClose);
    });
  }
  const head = Buffer.concat(chunks);
  if (source.readableEnded) return { head: head.subarray(0, bytes), stream: Readable.from([head]) };
  if (head.length) source.unshift(head);
  return { head: head.subarray(0, bytes), stream: source };
}
