import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { TooLargeError } from './storage';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'local-storage-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** `bytes` cut into chunks of the given sizes, in turn, as a network stream would deliver them. */
function chunked(bytes: Buffer, sizes: number[]): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return Readable.from(chunks, { objectMode: false });
}

describe('local storage put', () => {
  it('stores every byte in order, from odd-sized chunks and across many write batches', async () => {
    const storage = createLocalStorage(root);
    // 21 MiB + 7 bytes: more than one early flush (8 MiB) and a last, partial batch.
    const bytes = randomBytes(21 * 1024 * 1024 + 7);
    const { size } = await storage.put('videos/a/original.mp4', chunked(bytes, [65_536, 1, 300_000, 17]));
    expect(size).toBe(bytes.length);
    expect((await readFile(path.join(root, 'videos/a/original.mp4'))).equals(bytes)).toBe(true);
  });

  it('stores a buffer and an empty body', async () => {
    const storage = createLocalStorage(root);
    await storage.put('posters/p.jpg', Buffer.from('jpeg bytes'));
    await storage.put('posters/empty.jpg', Buffer.alloc(0));
    expect(await readFile(path.join(root, 'posters/p.jpg'), 'utf8')).toBe('jpeg bytes');
    expect(await storage.stat('posters/empty.jpg')).toEqual({ size: 0 });
  });

  it('refuses a body over maxBytes and leaves no file', async () => {
    const storage = createLocalStorage(root);
    const bytes = randomBytes(3 * 1024 * 1024);
    await expect(
      storage.put('videos/b/original.mp4', chunked(bytes, [65_536]), { maxBytes: 2 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(TooLargeError);
    expect(await readdir(path.join(root, 'videos/b'))).toEqual([]);
    // Exactly maxBytes is allowed.
    const { size } = await storage.put('videos/c/original.mp4', chunked(bytes, [65_536]), {
      maxBytes: bytes.length,
    });
    expect(size).toBe(bytes.length);
  });

  it('leaves no file when the body fails midway (an aborted upload)', async () => {
    const storage = createLocalStorage(root);
    async function* aborted() {
      yield randomBytes(2 * 1024 * 1024);
      throw new Error('aborted');
    }
    await expect(storage.put('videos/d/original.mp4', Readable.from(aborted()))).rejects.toThrow('aborted');
    expect(await readdir(path.join(root, 'videos/d'))).toEqual([]);
  });
});

describe('local storage putFile', () => {
  it('moves the file in: same bytes under the key, nothing left where it was', async () => {
    const storage = createLocalStorage(path.join(root, 'media'));
    const bytes = randomBytes(300_000);
    const source = path.join(root, 'finished-upload');
    await writeFile(source, bytes);
    expect(await storage.putFile('videos/e/original.mp4', source)).toEqual({ size: bytes.length });
    expect((await readFile(path.join(root, 'media/videos/e/original.mp4'))).equals(bytes)).toBe(true);
    expect(existsSync(source)).toBe(false);
  });

  it('refuses a file over maxBytes: neither it nor an object is left', async () => {
    const storage = createLocalStorage(path.join(root, 'media'));
    const source = path.join(root, 'finished-upload');
    await writeFile(source, randomBytes(2048));
    await expect(storage.putFile('videos/f/original.mp4', source, { maxBytes: 1024 })).rejects.toBeInstanceOf(
      TooLargeError,
    );
    expect(existsSync(source)).toBe(false);
    expect(await storage.stat('videos/f/original.mp4')).toBeNull();
  });
});
