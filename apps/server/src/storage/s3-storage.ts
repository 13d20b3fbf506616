import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { assertSafeKey, contentTypeOf, isSafeKey, TooLargeError, type Storage } from './storage';

export interface S3Options {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Counts bytes and fails the pipeline once more than `maxBytes` pass. */
function byteLimit(maxBytes: number | undefined, counter: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      if (maxBytes !== undefined && counter.bytes > maxBytes) callback(new TooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2…). Objects are still served through the app's /media
 * route, so content types, range requests and nosniff behave as with local storage.
 */
export function createS3Storage(options: S3Options): Storage {
  // The AWS SDK is loaded on first use, so processes on local storage never load it.
  let loading: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const s3 = () =>
    (loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
        ...(options.accessKeyId && options.secretAccessKey
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
        // Checksums only where S3 requires them: S3-compatible servers (MinIO, R2, s3rver…) do not
        // all accept the SDK's default streaming CRC trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = options.bucket;

  const storage: Storage = {
    kind: 's3',
    async put(key, body, putOptions = {}) {
      assertSafeKey(key);
      const counter = { bytes: 0 };
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      const [{ client }, { Upload }] = await Promise.all([s3(), import('@aws-sdk/lib-storage')]);
      const limited = new PassThrough();
      const piping = pipeline(source, byteLimit(putOptions.maxBytes, counter), limited);
      // Multipart upload in 8 MiB parts: memory stays bounded whatever the object's size.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: limited, ContentType: contentTypeOf(key) },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
      });
      try {
        await Promise.all([piping, upload.done()]);
      } catch (error) {
        await upload.abort().catch(() => undefined);
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      return { size: counter.bytes };
    },
    async putFile(key, file, putOptions) {
      try {
        return await storage.put(key, createReadStream(file), putOptions);
      } finally {
        await rm(file, { force: true });
      }
    },
    async get(key, range) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        const size = head.ContentLength ?? 0;
        const end = range ? Math.min(range.end ?? size - 1, size - 1) : undefined;
        const result = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${end}` } : {}),
          }),
        );
        return {
          stream: result.Body as Readable,
          size,
          ...(range ? { range: { start: range.start, end: end! } } : {}),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('prefix must end with /');
      assertSafeKey(prefix.slice(0, -1));
      const { sdk, client } = await s3();
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).map((item) => ({ Key: item.Key! }));
        if (keys.length)
          await client.send(new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async *list() {
      const { sdk, client } = await s3();
      let token: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        for (const item of page.Contents ?? [])
          if (item.Key && isSafeKey(item.Key)) yield { key: item.Key, size: item.Size ?? 0 };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    url(key) {
      assertSafeKey(key);
      return `/media/${key}`;
    },
    async localCopy(key) {
      const object = await storage.get(key);
      if (!object) throw new Error(`no object ${key}`);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'media-'));
      const file = path.join(dir, path.basename(key));
      await pipeline(object.stream, createWriteStream(file));
      return { path: file, release: () => rm(dir, { recursive: true, force: true }) };
    },
  };
  return storage;
}
