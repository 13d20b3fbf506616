import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DurableFileWriter } from './durable-file';
import { assertSafeKey, isSafeKey, TooLargeError, type Storage } from './storage';

/** Makes sure a file's bytes are on the disk (fsync). */
async function flushFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** `<name>.partial-<pid>-<random>@<host>`: the file a process is writing. */
const partialName = (file: string) =>
  `${file}.partial-${process.pid}-${randomBytes(4).toString('hex')}@${os.hostname()}`;
const PARTIAL_NAME = /\.partial-(\d+)-[0-9a-f]+@(.+)$/;

/** Whether process `pid` of this machine is alive. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the `.partial-<pid>-…@<host>` files of this machine whose writing process is gone (killed
 * in the middle of an upload), and the folders they leave empty. Files of live processes (another
 * app process on the same DATA_DIR, uploading now) and of other machines are left alone.
 */
async function sweepPartials(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inside = await sweepPartials(full);
      removed += inside;
      if (inside) await rmdir(full).catch(() => undefined); // only when now empty
      continue;
    }
    const match = PARTIAL_NAME.exec(entry.name);
    if (!match || match[2] !== os.hostname() || isAlive(Number(match[1]))) continue;
    await rm(full, { force: true });
    removed += 1;
  }
  return removed;
}

/** The files under `dir` whose path below the media folder (`prefix` + name) is a safe key. */
async function* listFiles(dir: string, prefix: string): AsyncGenerator<{ key: string; size: number }> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const key = prefix + entry.name;
    if (entry.isDirectory()) yield* listFiles(path.join(dir, entry.name), `${key}/`);
    else if (entry.isFile() && isSafeKey(key)) {
      // Deleted since the folder was read: no longer an object.
      const info = await stat(path.join(dir, entry.name)).catch(() => null);
      if (info) yield { key, size: info.size };
    }
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
    // Written under a name that says which process writes it, and renamed once complete: a
    // process killed mid-upload leaves a `.partial-` file that the next start removes.
    const partial = partialName(file);
    const writer = new DurableFileWriter(partial, { maxBytes: options.maxBytes });
    try {
      await pipeline(source, writer);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
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
    async sweepAbandoned() {
      return sweepPartials(root);
    },
    list: () => listFiles(root, ''),
    url(key) {
      assertSafeKey(key);
      return `/media/${key}`;
    },
    async localCopy(key) {
      return { path: fileOf(key), async release() {} };
    },
  };
}
