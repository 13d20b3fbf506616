import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegClip } from './ffmpeg-clip';

/**
 * Small real clips of every kind an upload meets: H.264 MP4, VP8 WebM, a phone's portrait HEVC
 * QuickTime, and sound only. `dir` is an empty folder of the caller's, for files it makes itself.
 */
export function makeClips() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clips-'));
  const mp4 = ffmpegClip('mp4', [
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
  ]);
  const webm = ffmpegClip('webm', [
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
  ]);
  // A phone-style portrait HEVC QuickTime file.
  const mov = ffmpegClip('mov', [
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
  ]);
  const audioOnly = ffmpegClip('m4a', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac']);
  return { dir, mp4, webm, mov, audioOnly };
}

/**
 * A phone clip as iPhones write them: HEVC in QuickTime, stored sideways (854×480) with a rotation
 * tag of 90°, so it plays upright as 480×854; 6 s with AAC sound.
 */
export function makeRotatedHevcClip(): string {
  const sideways = ffmpegClip('mov', [
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
  ]);
  return ffmpegClip('mov', ['-i', sideways, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-f', 'mov']);
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
