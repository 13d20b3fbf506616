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

/** The ffmpeg 4.1 build of 2018 inside @ffmpeg-installer / @ffprobe-installer (unmaintained). */
export function isNpmFallback(file: string): boolean {
  return /[\\/]@ff(mpeg|probe)-installer[\\/]/.test(file);
}

/** A maintained binary: on PATH, else in the usual system folders (a worker's PATH may be short). */
function systemBinary(name: string): string | undefined {
  const found = onPath(name);
  if (found && !isNpmFallback(found)) return found;
  return ['/usr/bin', '/usr/local/bin', '/opt/homebrew/bin']
    .map((dir) => path.join(dir, name))
    .find(isExecutable);
}

interface WarnLog {
  warn(details: object, message: string): void;
}

let cached: MediaBinaries | undefined;
const warned = new Set<string>();

/**
 * ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH, else the ones on PATH (the distribution's
 * maintained build), else the binaries inside @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe.
 * The npm fallback (a 2018 build with known decoder bugs) is used only when no other ffmpeg
 * exists: named in FFMPEG_PATH while a system ffmpeg is installed, it is refused for the system
 * one. Either way `log` is told (once per process).
 */
export function resolveMediaBinaries(
  config: { FFMPEG_PATH?: string; FFPROBE_PATH?: string },
  log?: WarnLog,
): MediaBinaries {
  if (cached && !config.FFMPEG_PATH && !config.FFPROBE_PATH) return cached;
  const pick = (name: 'ffmpeg' | 'ffprobe', configured: string | undefined, pkg: string) => {
    const system = systemBinary(name);
    if (configured && !(isNpmFallback(configured) && system)) return configured;
    if (configured)
      warnOnce(
        log,
        `${name}-refused`,
        { configured, using: system },
        `${name}: the 2018 npm fallback named in the configuration is refused; using the system ${name}`,
      );
    if (system) return system;
    const fallback = fromPackage(pkg);
    if (fallback)
      warnOnce(
        log,
        `${name}-fallback`,
        { using: fallback },
        `${name}: no maintained ${name} found; using the 2018 npm fallback build (install ffmpeg)`,
      );
    return fallback;
  };
  const ffmpeg = pick('ffmpeg', config.FFMPEG_PATH, '@ffmpeg-installer/ffmpeg');
  const ffprobe = pick('ffprobe', config.FFPROBE_PATH, '@ffprobe-installer/ffprobe');
  if (!ffmpeg || !ffprobe) {
    throw new Error('ffmpeg/ffprobe not found: set FFMPEG_PATH and FFPROBE_PATH or install ffmpeg');
  }
  const found = { ffmpeg, ffprobe };
  if (!config.FFMPEG_PATH && !config.FFPROBE_PATH) cached = found;
  return found;
}

function warnOnce(log: WarnLog | undefined, key: string, details: object, message: string): void {
  if (!log || warned.has(key)) return;
  warned.add(key);
  log.warn(details, message);
}

/** For tests: forget what was resolved and warned. */
export function resetMediaBinaries(): void {
  cached = undefined;
  warned.clear();
}
