import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaBinaries } from './binaries';
import { probeVideo, UnusableVideoError } from './probe';
import { makePoster } from './renditions';
import { ffmpegClip } from '../../test/ffmpeg-clip';
import { MEDIA_MEMORY_LIMIT_BYTES, runTool, ToolError } from './run';

/**
 * Issue 18, M7: ffmpeg and ffprobe treat every upload as hostile — no environment, only the file
 * protocol, the demuxer of the sniffed type, an address-space limit and a time limit.
 */
describe('media tools on untrusted files', () => {
  let dir: string;
  let secret: string;
  const ffprobe = '/usr/bin/ffprobe';
  const ffmpeg = '/usr/bin/ffmpeg';

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'untrusted-'));
    // Another video on the same disk (someone else's upload) that an upload must not reach.
    mkdirSync(path.join(dir, 'other'));
    mkdirSync(path.join(dir, 'upload'));
    secret = path.join(dir, 'other', 'original.mp4');
    copyFileSync(
      ffmpegClip('mp4', [
        ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=10'],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ]),
      secret,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the tools with an empty environment and an address-space limit', async () => {
    process.env.SECRET_FOR_TEST = 'do-not-leak';
    const { stdout: env } = await runTool('/usr/bin/env', [], { timeoutMs: 10_000 });
    expect(env).not.toContain('do-not-leak');
    expect(env.trim()).toBe('');
    const { stdout: limits } = await runTool('/bin/cat', ['/proc/self/limits'], { timeoutMs: 10_000 });
    const line = limits.split('\n').find((l) => l.startsWith('Max address space'));
    expect(line).toMatch(new RegExp(`\\s${MEDIA_MEMORY_LIMIT_BYTES}\\s`));
    delete process.env.SECRET_FOR_TEST;
  });

  it('does not let an HLS playlist posing as an .mp4 read another file', async () => {
    const upload = path.join(dir, 'upload', 'original.mp4');
    writeFileSync(upload, `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:2,\n${secret}\n#EXT-X-ENDLIST\n`);
    // Without a forced demuxer ffprobe happily follows the playlist to the other video.
    const guessed = spawnSync(ffprobe, ['-v', 'error', '-show_streams', upload], { encoding: 'utf8' });
    expect(guessed.stdout).toContain('codec_name=h264');
    await expect(probeVideo(ffprobe, upload, 'video/mp4')).rejects.toBeInstanceOf(UnusableVideoError);
    await expect(
      makePoster(ffmpeg, upload, 'video/mp4', path.join(dir, 'upload', 'poster.jpg'), 0),
    ).rejects.toBeInstanceOf(UnusableVideoError);
  });

  it('does not let a concat list posing as a .mov read another file', async () => {
    const upload = path.join(dir, 'other', 'list.mov');
    writeFileSync(upload, `ffconcat version 1.0\nfile original.mp4\n`);
    const guessed = spawnSync(ffprobe, ['-v', 'error', '-show_streams', upload], { encoding: 'utf8' });
    expect(guessed.stdout).toContain('codec_name=h264');
    await expect(probeVideo(ffprobe, upload, 'video/quicktime')).rejects.toBeInstanceOf(UnusableVideoError);
  });

  it('still reads a real upload of the sniffed type', async () => {
    const meta = await probeVideo(ffprobe, secret, 'video/mp4');
    expect(meta.videoCodec).toBe('h264');
  });

  it('kills a hung tool when its time is up', async () => {
    // Opening a FIFO blocks until someone writes: ffprobe hangs for ever.
    const fifo = path.join(dir, 'upload', `hang-${process.pid}.mp4`);
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const error = await probeVideo(ffprobe, fifo, 'video/mp4', 1500).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(60_000);
    // Nothing is left running on the file.
    const left = spawnSync('pgrep', ['-f', fifo], { encoding: 'utf8' });
    expect(left.stdout.trim()).toBe('');
  });

  it('uses the system ffmpeg, a configured one when set, and names a configured path that is no program', () => {
    expect(resolveMediaBinaries({})).toEqual({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' });
    const copy = path.join(dir, 'my-ffmpeg');
    copyFileSync('/usr/bin/ffmpeg', copy);
    chmodSync(copy, 0o755);
    expect(resolveMediaBinaries({ FFMPEG_PATH: copy })).toEqual({
      ffmpeg: copy,
      ffprobe: '/usr/bin/ffprobe',
    });
    expect(() => resolveMediaBinaries({ FFPROBE_PATH: path.join(dir, 'missing') })).toThrow(
      /FFPROBE_PATH \(.*missing\) is not an executable file/,
    );
  });
});
