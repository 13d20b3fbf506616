import { accessSync, constants } from 'node:fs';
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

/** The distribution's binary: on PATH, else in the usual system folders (a worker's PATH may be short). */
function systemBinary(name: string): string | undefined {
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, name));
  const usual = ['/usr/bin', '/usr/local/bin', '/opt/homebrew/bin'].map((dir) => path.join(dir, name));
  return [...onPath, ...usual].find(isExecutable);
}

let cached: MediaBinaries | undefined;

/**
 * ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH when set, else the system's maintained build
 * (Debian's `apt-get install ffmpeg`). Throws a readable error when either is missing or a
 * configured path is not a program: video processing is then unavailable and says why.
 */
export function resolveMediaBinaries(config: { FFMPEG_PATH?: string; FFPROBE_PATH?: string }): MediaBinaries {
  const configured = !!(config.FFMPEG_PATH || config.FFPROBE_PATH);
  if (cached && !configured) return cached;
  const pick = (name: 'ffmpeg' | 'ffprobe', setting: string | undefined) => {
    if (!setting) return systemBinary(name);
    if (!isExecutable(setting))
      throw new Error(`${name.toUpperCase()}_PATH (${setting}) is not an executable file`);
    return setting;
  };
  const ffmpeg = pick('ffmpeg', config.FFMPEG_PATH);
  const ffprobe = pick('ffprobe', config.FFPROBE_PATH);
  if (!ffmpeg || !ffprobe) {
    throw new Error('ffmpeg/ffprobe not found: set FFMPEG_PATH and FFPROBE_PATH or install ffmpeg');
  }
  const found = { ffmpeg, ffprobe };
  if (!configured) cached = found;
  return found;
}
