import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DurableFileWriter } from './durable-file';
import { assertSafeKey, type Storage } from './storage';

/** Files under `root` (DATA_DIR/media); the app serves them at /media/<key>. */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error('key escapes the media folder');
    return file;
  };

  return {
    kind: 'local',
    async put(key, body, options = {}) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      const writer = new DurableFileWriter(file, options.maxBytes);
      try {
        await pipeline(source, writer);
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { size: writer.bytes };
    },
    async get(key, range) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      if (!range) return { stream: createReadStream(file), size: info.size };
      const end = Math.min(range.end ?? info.size - 1, info.size - 1);
      return {
        stream: createReadStream(file, { start: range.start, end }),
        size: info.size,
        range: { start: range.start, end },
      };
    },
    async stat(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() ? { size: info.size } : null;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error('prefix must end with /');
      await rm(fileOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },
    url(key) {
      assertSafeKey(key);
      return `/media/${key}`;
    },
    async localCopy(key) {
      return { path: fileOf(key), async release() {} };
    },
  };
}
