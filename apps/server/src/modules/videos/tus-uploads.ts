import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { finished, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Upload } from '@tus/utils';
import { LIMITS, MESSAGES } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { callerOf, type AccessCheck, type Caller } from '../../plugins/auth';
import { DurableFileWriter } from '../../storage/durable-file';
import { checkFreeDisk, tusDirectory, TUS_EXPIRY_MS, UPLOAD_ID } from './upload-quota';
import { checkVideoText, type VideosService } from './videos.service';

export const TUS_PATH = '/api/videos/uploads';
/** Unfinished resumable uploads are removed after this long. */
export { TUS_EXPIRY_MS };
/** How often each app process sweeps its upload folder for expired uploads. */
const CLEANUP_EVERY_MS = 3600 * 1000;

/**
 * Removes the unfinished uploads in `directory` that were created more than TUS_EXPIRY_MS before
 * `now`: their bytes and their `.json` record (finished uploads are removed when they become a
 * video). Bytes left without a record (a crash between the two writes) go by their file time.
 * Several processes may sweep the same folder at once: whoever comes second finds nothing to do.
 * Returns how many uploads were removed. (@tus/file-store's own `deleteExpired` is not used: it
 * throws when another process removed the bytes first, keeps a record whose bytes are gone, and
 * reads the clock itself.)
 */
export async function removeExpiredTusUploads(directory: string, now = Date.now()): Promise<number> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const ids = new Set(names.map((name) => name.replace(/\.json$/, '')).filter((id) => UPLOAD_ID.test(id)));
  let removed = 0;
  for (const id of ids) {
    const bytes = path.join(directory, id);
    const record = `${bytes}.json`;
    const createdAt = await readFile(record, 'utf8')
      .then((text) => Date.parse((JSON.parse(text) as { creation_date?: string }).creation_date ?? ''))
      .catch(() =>
        stat(bytes).then(
          (info) => info.mtimeMs,
          () => Number.NaN,
        ),
      );
    if (Number.isNaN(createdAt) || now - createdAt <= TUS_EXPIRY_MS) continue;
    await removeTusUpload(directory, id);
    removed += 1;
  }
  return removed;
}

/** Removes an upload's bytes and its `.json` record (@tus/file-store's layout), if still there. */
async function removeTusUpload(directory: string, id: string): Promise<void> {
  await rm(path.join(directory, id), { force: true });
  await rm(path.join(directory, `${id}.json`), { force: true });
}

/**
 * @tus/file-store, with each PATCH written like any upload (storage/durable-file.ts): in 1 MiB
 * batches and on the disk before the 204 that tells the client its new offset. The library's
 * own write takes one thread-pool round trip per 64 KiB and leaves the bytes in the page cache.
 * A PATCH cut short keeps what reached the file: the upload's offset is the file's size. An upload
 * that is gone without becoming a video gives its slot among the creator's uploads back.
 */
class DurableFileStore extends FileStore {
  /** Called when an upload is gone without becoming a video: its create failed, or it was cancelled. */
  private readonly onGone: (id: string) => Promise<void>;

  constructor(options: ConstructorParameters<typeof FileStore>[0], onGone: (id: string) => Promise<void>) {
    super(options);
    this.onGone = onGone;
  }

  override async create(upload: Upload): Promise<Upload> {
    try {
      return await super.create(upload);
    } catch (error) {
      await this.onGone(upload.id);
      throw error;
    }
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.onGone(id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const writer = new DurableFileWriter(path.join(this.directory, id), { start: offset });
    try {
      await pipeline(readable, writer);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + writer.bytes;
  }
}

/**
 * The request @tus/server reads (method, url, headers, body), made from Node's request as its own
 * `handle` makes it with srvx, with one difference: the body's chunks are passed on as they
 * arrive. srvx reads the body through Node's `Readable.toWeb`, which copies every chunk; during
 * a 500 MB upload those copies raised the server's peak RSS by ~8 MiB over a multipart upload of
 * the same file (docs/benchmarks.md). Each chunk of an HTTP body has its own memory, so nothing
 * needs the copy, and the stream is not a byte stream, so no chunk's memory is transferred away.
 * `runtime.node` lets tus end the upload when the client goes away, as with srvx.
 */
function webRequestOf(raw: IncomingMessage, res: ServerResponse): Request {
  let headers: Headers | undefined;
  let body: ReadableStream<Uint8Array> | null | undefined;
  const request = {
    method: raw.method,
    // tus reads the upload's id from the path; its Location is relative (relativeLocation).
    url: `http://localhost${raw.url ?? '/'}`,
    get headers() {
      return (headers ??= headersOf(raw));
    },
    get body() {
      return (body ??= raw.method === 'GET' || raw.method === 'HEAD' ? null : bodyOf(raw));
    },
    runtime: { node: { req: raw, res } },
  };
  // The members tus uses; a whole Request would validate and hold what tus never reads.
  return request as unknown as Request;
}

function headersOf(raw: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < raw.rawHeaders.length; i += 2)
    headers.append(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
  return headers;
}

/**
 * Node's request body as a web stream, as `Readable.toWeb` makes it (the same queue of
 * `readableHighWaterMark` bytes, pausing the request when it is full, an AbortError when the
 * request ends early), without copying each chunk.
 */
function bodyOf(raw: IncomingMessage): ReadableStream<Uint8Array> {
  if (raw.destroyed || raw.readableEnded) {
    const done = new ReadableStream<Uint8Array>();
    void done.cancel();
    return done;
  }
  return new ReadableStream<Uint8Array>(
    {
      start: (controller) => {
        raw.on('data', (chunk: Buffer) => {
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) raw.pause();
        });
        const stopWatching = finished(raw, (error) => {
          stopWatching();
          // A request that errors again after it finished must not throw out of nowhere.
          raw.on('error', () => undefined);
          if (!error) return controller.close();
          const early = (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE';
          controller.error(early ? new DOMException('The operation was aborted', 'AbortError') : error);
        });
      },
      pull: () => {
        raw.resume();
      },
      cancel: (reason: unknown) => {
        raw.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: raw.readableHighWaterMark, size: (chunk) => chunk.byteLength },
  );
}

/** Writes tus's answer to Node's response: its status, headers and body, as srvx would. */
async function sendAnswer(res: ServerResponse, answer: Response): Promise<void> {
  const rawHeaders: string[] = [];
  for (const [name, value] of answer.headers) rawHeaders.push(name, value);
  // tus's answers are short texts (an error, the video's JSON), sent with their length.
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
  if (!res.headersSent) res.writeHead(answer.status, answer.statusText, rawHeaders);
  res.end(body);
}

// @tus/file-store makes its folder from its constructor in a callback that throws out of nowhere
// when that fails (as when a test removes DATA_DIR meanwhile); registerTusUploads makes it first,
// awaited, so the store's own attempt is left out. (The method is private in its types.)
Object.defineProperty(DurableFileStore.prototype, 'checkOrCreateDirectory', { value: () => undefined });

/** What tus hooks throw to answer with a status and our JSON error body. */
/** The errors this file answers with (a quota's 413, say), as opposed to tus's own. */
const answered = new WeakSet<object>();

function tusError(statusCode: number, detail: string, code: string) {
  const error = { status_code: statusCode, body: JSON.stringify({ detail, code }) };
  answered.add(error);
  return error;
}

function toTusError(error: unknown) {
  if (error instanceof AppError) return tusError(error.statusCode, error.detail, error.code);
  return tusError(500, MESSAGES.upload.failed, 'internal');
}

/**
 * Resumable uploads (tus 1.0, @tus/server) under /api/videos/uploads/: the same bearer auth,
 * 500 MB limit and checks as the multipart route. Bytes land in DATA_DIR/tus-uploads; when the
 * last byte arrives the file is checked and becomes a video exactly as a multipart upload does,
 * and the final response carries the video as JSON. Unfinished uploads expire after 24 h.
 */
export async function registerTusUploads(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'config' | 'tokens' | 'log'>,
  videos: VideosService,
  check: AccessCheck,
) {
  const directory = tusDirectory(deps.config);
  // Made here, awaited (see DurableFileStore): a failure stops the start with its reason.
  await mkdir(directory, { recursive: true });
  const datastore = new DurableFileStore({ directory, expirationPeriodInMilliseconds: TUS_EXPIRY_MS }, (id) =>
    videos.endResumableUpload(id),
  );
  // The route's preHandler checked the same token; the caller is read again from the web request.
  const userOf = async (authorization: string | null): Promise<Caller> => {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
    const caller = await callerOf(await deps.tokens.verify(token), check);
    if (!caller) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
    return caller;
  };

  const tus = new Server({
    path: TUS_PATH,
    datastore,
    maxSize: LIMITS.maxVideoBytes,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    // The API's CORS rule (plugins/security.ts): configured origins only. Left out, tus would
    // answer every origin with `Access-Control-Allow-Origin: *` (issue 18 L10).
    allowedOrigins: (origin) => deps.config.corsOrigins.includes(origin),
    async onUploadCreate(req, upload) {
      const user = await userOf(req.headers.get('authorization'));
      if (!upload.size) throw tusError(400, MESSAGES.upload.noFile, 'validation');
      try {
        checkVideoText({
          title: upload.metadata?.title ?? '',
          description: upload.metadata?.description ?? '',
        });
        // Quotas and free disk before a byte is accepted (issue 18, M5); the upload then holds
        // a slot among the creator's uploads at once until it ends.
        await videos.startResumableUpload(user, upload.id, { incomingBytes: upload.size });
      } catch (error) {
        throw toTusError(error);
      }
      // The owner is recorded server-side; a client-sent owner is overwritten.
      return { metadata: { ...upload.metadata, owner: String(user.id) } };
    },
    async onUploadFinish(req, upload) {
      const user = await userOf(req.headers.get('authorization'));
      try {
        // The bytes move into storage (a rename on local disk), not copied.
        const video = await videos.createVideoFromFile(
          user,
          path.join(directory, upload.id),
          { title: upload.metadata?.title ?? '', description: upload.metadata?.description ?? '' },
          { uploadId: upload.id },
        );
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json', 'X-Video-Id': String(video.id) },
          body: JSON.stringify(video),
        };
      } catch (error) {
        throw toTusError(error);
      } finally {
        await removeTusUpload(directory, upload.id);
        await videos.endResumableUpload(upload.id);
      }
    },
    onResponseError(_req, error) {
      // tus's own 413 (past the upload limit) in the spec's words; a quota's keeps its own.
      if ('status_code' in error && error.status_code === 413 && !answered.has(error))
        return tusError(413, MESSAGES.upload.tooLarge, 'payload_too_large');
      return undefined;
    },
  });

  // Only the owner may see, continue or cancel an upload; others learn nothing (404).
  const checkOwner = async (request: FastifyRequest) => {
    const id = (request.params as { id?: string }).id;
    if (id === undefined) return;
    if (!UPLOAD_ID.test(id)) throw new AppError('not_found', MESSAGES.generic.notFound);
    const upload = await datastore.getUpload(id).catch(() => undefined);
    if (!upload || upload.metadata?.owner !== String(request.caller!.id))
      throw new AppError('not_found', MESSAGES.generic.notFound);
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // A hijacked reply sends nothing Fastify holds: carry the headers the onRequest hooks set
    // (security headers, CORS for configured origins) over to the raw response tus writes.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    await sendAnswer(reply.raw, await tus.handleWeb(webRequestOf(request.raw, reply.raw)));
  };

  await app.register(async (scope) => {
    // tus reads the raw request body itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const creatorOnly = scope.requireRole('creator');
    // Before a PATCH's bytes are taken, the data disk must keep its reserve after them.
    const checkDisk = async (request: FastifyRequest) => {
      if (request.method !== 'PATCH') return;
      await checkFreeDisk(deps.config, Number(request.headers['content-length'] ?? 0) || 0);
    };
    const options = { preHandler: [creatorOnly, checkOwner, checkDisk], schema: { hide: true } };
    scope.post('/videos/uploads/', { preHandler: creatorOnly, schema: { hide: true } }, handle);
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: '/videos/uploads/:id',
      ...options,
      handler: handle,
    });
    scope.options('/videos/uploads/', handle);
    scope.options('/videos/uploads/:id', handle);
  });

  // tus itself answers 410 for an expired upload; this sweep frees its disk space. Each process
  // sweeps the folder it writes to (DATA_DIR may or may not be shared between processes).
  // Their slots, no longer counted, are removed too.
  const sweep = () =>
    removeExpiredTusUploads(directory)
      .then((count) => count && deps.log.info({ count }, 'removed expired unfinished uploads'))
      .then(() => videos.removeExpiredUploadSlots())
      .catch((error: unknown) => deps.log.warn({ err: error }, 'expired upload cleanup failed'));
  const first = setTimeout(sweep, 60_000);
  const timer = setInterval(sweep, CLEANUP_EVERY_MS);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
  return { tus, datastore };
}
