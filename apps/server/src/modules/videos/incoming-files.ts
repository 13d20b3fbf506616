import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { LIMITS, MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import { resolveMediaBinaries } from '../../media/binaries';
import { probeVideo, UnusableVideoError } from '../../media/probe';
import {
  EXTENSION_OF,
  peekStream,
  sniffVideoType,
  SNIFF_BYTES,
  type SniffedVideoType,
} from '../../media/sniff';
import { TooLargeError } from '../../storage/storage';
import { storageQuotaExceeded } from './upload-quota';
import type { VideosServiceDeps } from './video-views';

/** A file received and checked, not yet a video row. */
export interface ReceivedVideo {
  key: string;
  type: SniffedVideoType;
  size: number;
  meta: Awaited<ReturnType<typeof probeVideo>>;
}

const tooLarge = () => new AppError('payload_too_large', MESSAGES.upload.tooLarge);
const invalidType = () => AppError.validation({ video: [MESSAGES.upload.invalidType] });

function isFileTooLarge(error: unknown): boolean {
  return (
    error instanceof TooLargeError || (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

/** The first `bytes` bytes of a file (fewer if it is shorter). */
async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The files a video is made from, as they arrive (an upload's stream, a file on this machine):
 * each is checked by its first bytes and ffprobe and stored under a new key, or refused and
 * removed.
 */
export function createIncomingFiles(deps: VideosServiceDeps) {
  const { storage } = deps;

  /**
   * Decides an upload's type from its first bytes, has `store` put it under a new key, then reads
   * it with ffprobe. Anything refused leaves no object behind; `refuse` lets the caller drain
   * what is still arriving.
   */
  const receive = async (
    head: Buffer,
    store: (key: string) => Promise<{ size: number }>,
    refuse?: () => void,
    overQuota?: () => AppError,
  ): Promise<ReceivedVideo> => {
    let key: string | undefined;
    try {
      const type = sniffVideoType(head);
      if (!type) {
        refuse?.();
        throw invalidType();
      }
      key = `videos/${randomUUID()}/original.${EXTENSION_OF[type]}`;
      const { size } = await store(key);
      const copy = await storage.localCopy(key);
      try {
        const meta = await probeVideo(resolveMediaBinaries(deps.config).ffprobe, copy.path, type);
        return { key, type, size, meta };
      } finally {
        await copy.release();
      }
    } catch (error) {
      if (key) await storage.delete(key).catch(() => undefined);
      if (error instanceof UnusableVideoError) throw invalidType();
      if (overQuota && error instanceof TooLargeError && error.maxBytes < LIMITS.maxVideoBytes)
        throw overQuota();
      if (isFileTooLarge(error)) throw tooLarge();
      throw error;
    }
  };

  /**
   * Streams an upload into storage, deciding its type from its first bytes and then ffprobe.
   * Enforces the size limit, and the bytes the creator may still store (`roomBytes`), while the
   * bytes arrive — counted as received, whatever the request declared (a chunked body declares
   * nothing); anything refused leaves no file behind.
   */
  const receiveStream = async (file: Readable, roomBytes: number): Promise<ReceivedVideo> => {
    const { head, stream } = await peekStream(file, SNIFF_BYTES);
    return receive(
      head,
      async (key) => {
        const stored = await storage.put(key, stream, {
          maxBytes: Math.min(LIMITS.maxVideoBytes, roomBytes),
        });
        if ((file as Readable & { truncated?: boolean }).truncated) throw tooLarge();
        return stored;
      },
      () => file.resume(),
      () => {
        file.resume();
        return storageQuotaExceeded(deps.config);
      },
    );
  };

  /**
   * The same checks for a file already on this machine, which is moved into storage rather than
   * copied. The caller removes the file if it is refused.
   */
  const receiveFile = async (file: string): Promise<ReceivedVideo> => {
    const head = await readHead(file, SNIFF_BYTES);
    return receive(head, (key) => storage.putFile(key, file, { maxBytes: LIMITS.maxVideoBytes }));
  };

  /** Forgets a received file (the upload was refused after it arrived). */
  const discard = async (received: ReceivedVideo | undefined): Promise<void> => {
    if (received) await storage.delete(received.key).catch(() => undefined);
  };

  return { receiveStream, receiveFile, discard };
}
