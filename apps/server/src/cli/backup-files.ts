import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DurableFileWriter } from '../storage/durable-file';

/** What the manifest records of each file: its SHA-256 (hex) and its size in bytes. */
export interface Fingerprint {
  sha256: string;
  size: number;
}

/** A pass-through that hashes and counts the bytes flowing through it. */
export class HashingStream extends Transform {
  readonly #hash = createHash('sha256');
  #size = 0;
  #result: Fingerprint | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#hash.update(chunk);
    this.#size += chunk.length;
    callback(null, chunk);
  }

  /** The fingerprint of every byte that passed; read it once the stream has ended. */
  fingerprint(): Fingerprint {
    this.#result ??= { sha256: this.#hash.digest('hex'), size: this.#size };
    return this.#result;
  }
}

/**
 * Streams `source` into the file `dir/relative` (folders made as needed), hashing on the way: a
 * file of any size passes in chunks and is on the disk (fsync) when this resolves. `mode` is set
 * before the first byte is written (keys: 0o600). A failed copy leaves no file.
 */
export async function writeHashedFile(
  dir: string,
  relative: string,
  source: Readable,
  mode?: number,
): Promise<Fingerprint> {
  const file = path.join(dir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  const hashing = new HashingStream();
  try {
    // Created empty with its mode first: the writer then truncates it and keeps the mode.
    if (mode !== undefined) await writeFile(file, '', { mode });
    await pipeline(source, hashing, new DurableFileWriter(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return hashing.fingerprint();
}

/** The fingerprint of a file, read as a stream. */
export async function fingerprintFile(file: string): Promise<Fingerprint> {
  const hashing = new HashingStream();
  await pipeline(
    createReadStream(file),
    hashing,
    new Writable({ write: (_chunk, _encoding, done) => done() }),
  );
  return hashing.fingerprint();
}

/** Whether `dir` holds nothing (a folder that does not exist holds nothing). */
export async function isEmptyFolder(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length === 0;
}

/** Removes everything inside `dir`, keeping the folder itself. */
export async function emptyFolder(dir: string): Promise<void> {
  const entries = await readdir(dir).catch(() => []);
  await Promise.all(entries.map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
}

/** `bytes` for a person: 0 B, 12.3 KB, 4.5 MB, 1.2 GB. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
