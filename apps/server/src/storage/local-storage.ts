import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DurableFileWriter } from './durable-file';
import { assertSafeKey, TooLargeError, type Storage } from './storage';

/** Makes sure a file's bytes are on the disk (fsync). */
async function flushFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Files under `root` (DATA_DIR/media); the app serves them at /media/<key>. */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error('key escapes the media folder');
    return file;
  };

  const put: Storage['put'] = async (key, body, options = {}) => {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    const writer = new DurableFileWriter(file, { maxBytes: options.maxBytes });
    try {
      await pipeline(source, writer);
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return { size: writer.bytes };
  };

  return {
    kind: 'local',
    put,
    async putFile(key, file, options = {}) {
      const target = fileOf(key);
      try {
        const { size } = await stat(file);
        if (options.maxBytes !== undefined && size > options.maxBytes)
          throw new TooLargeError(options.maxBytes);
        await mkdir(path.dirname(target), { recursive: true });
        try {
          await rename(file, target);
        } catch (error) {
          // Another file system (DATA_DIR/media mounted apart): copy instead.
          if ((error as NodeJS.ErrnoException).code === 'EXDEV')
            return await put(key, createReadStream(file), options);
          throw error;
        }
        await flushFile(target).catch(async (error: unknown) => {
          await rm(target, { force: true });
          throw error;
        });
        return { size };
      } finally {
        await rm(file, { force: true });
      }
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
