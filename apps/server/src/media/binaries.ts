import { accessSync, chmodSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

/** The binary shipped in an npm package (the no-apt fallback); its install script may not have run. */
function fromPackage(pkg: string): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const file = (require(pkg) as { path: string }).path;
    if (!isExecutable(file)) chmodSync(file, 0o755);
    return file;
  } catch {
    return undefined;
  }
}

let cached: MediaBinaries | undefined;

/**
 * ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH, else the ones on PATH (the distribution's
 * maintained build), else the binaries inside @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe.
 */
export function resolveMediaBinaries(config: { FFMPEG_PATH?: string; FFPROBE_PATH?: string }): MediaBinaries {
  if (cached && !config.FFMPEG_PATH && !config.FFPROBE_PATH) return cached;
  const ffmpeg = config.FFMPEG_PATH ?? onPath('ffmpeg') ?? fromPackage('@ffmpeg-installer/ffmpeg');
  const ffprobe = config.FFPROBE_PATH ?? onPath('ffprobe') ?? fromPackage('@ffprobe-installer/ffprobe');
  if (!ffmpeg || !ffprobe) {
    throw new Error('ffmpeg/ffprobe not found: set FFMPEG_PATH and FFPROBE_PATH or install ffmpeg');
  }
  const found = { ffmpeg, ffprobe };
  if (!config.FFMPEG_PATH && !config.FFPROBE_PATH) cached = found;
  return found;
}
