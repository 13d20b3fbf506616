import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where made clips are kept between test files and runs (one machine's temporary folder). */
const CLIP_CACHE = path.join(os.tmpdir(), 'cc-test-clips');

/**
 * THE way tests make a video or audio file: ffmpeg with `args` (inputs and encoding, without the
 * output file) writes a file of type `ext`. Test patterns and tones only, nothing downloaded. A
 * clip is made once per machine and reused by every test file and run that asks for the same
 * arguments (the file is named by their hash; written under another name, then renamed, so a
 * parallel test file never reads half a clip). Callers read the file; they never change it.
 */
export function ffmpegClip(ext: string, args: string[]): string {
  const key = createHash('sha256').update(JSON.stringify(args)).digest('hex').slice(0, 20);
  const file = path.join(CLIP_CACHE, `${key}.${ext}`);
  if (existsSync(file)) return file;
  mkdirSync(CLIP_CACHE, { recursive: true });
  const partial = path.join(CLIP_CACHE, `${key}-${process.pid}-partial.${ext}`);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, partial]);
  renameSync(partial, file);
  return file;
}

/**
 * `ffmpegClip`'s clip copied to a file called `name` (pages show an upload's file name), in `dir`
 * (the caller's folder, which it removes) or a fresh temporary one.
 */
export function namedClip(name: string, args: string[], dir?: string): string {
  const file = path.join(dir ?? mkdtempSync(path.join(os.tmpdir(), 'clip-')), name);
  copyFileSync(ffmpegClip(path.extname(name).slice(1), args), file);
  return file;
}
