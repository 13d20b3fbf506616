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
 * (head included), keeping backpressure.
 */
export async function peekStream(source: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    if (head.length) yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: head.subarray(0, bytes), stream: Readable.from(all(), { objectMode: false }) };
}
