import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Makes small real clips with ffmpeg (test patterns and tones; nothing downloaded). */
export function makeClips() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clips-'));
  const run = (args: string[]) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  const mp4 = path.join(dir, 'clip.mp4');
  run([
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    mp4,
  ]);
  const webm = path.join(dir, 'clip.webm');
  run([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=duration=2:size=320x180:rate=24',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=660:duration=2',
    '-c:v',
    'libvpx',
    '-b:v',
    '300k',
    '-c:a',
    'libopus',
    '-shortest',
    webm,
  ]);
  // A phone-style portrait HEVC QuickTime file.
  const mov = path.join(dir, 'clip.mov');
  run([
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=180x320:rate=30',
    '-c:v',
    'libx265',
    '-x265-params',
    'log-level=error',
    '-tag:v',
    'hvc1',
    '-pix_fmt',
    'yuv420p',
    '-f',
    'mov',
    mov,
  ]);
  const audioOnly = path.join(dir, 'tone.m4a');
  run(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', audioOnly]);
  return { dir, mp4, webm, mov, audioOnly };
}

/**
 * A phone clip as iPhones write them: HEVC in QuickTime, stored sideways (854×480) with a rotation
 * tag of 90°, so it plays upright as 480×854; 6 s with AAC sound.
 */
export function makeRotatedHevcClip(dir: string): string {
  const run = (args: string[]) =>
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  const sideways = path.join(dir, 'sideways.mov');
  run([
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=6:size=854x480:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=6',
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'log-level=error',
    '-tag:v',
    'hvc1',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-f',
    'mov',
    sideways,
  ]);
  const rotated = path.join(dir, 'rotated.mov');
  run(['-i', sideways, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-f', 'mov', rotated]);
  return rotated;
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { name?: string; filename: string; type: string; bytes: Buffer },
) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'video'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
