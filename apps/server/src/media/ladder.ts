import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FAILURE_REASONS, UnusableVideoError } from './probe';
import { inputArgs, runTool, ToolError } from './run';
import type { SniffedVideoType } from './sniff';

/**
 * The rendition ladder (issue 16): H.264 High yuv420p + AAC, packaged for HLS in fMP4 segments.
 * Encoder settings and why are in docs/benchmarks.md ("Playback renditions").
 */

/** One rung of the ladder: its name (the folder of its playlist), frame size and encoder caps. */
export interface Rung {
  /** `360p`…`1080p` by the short side; `src` when the source is smaller than the lowest rung. */
  name: string;
  width: number;
  height: number;
  /** Peak video bitrate in kbit/s (capped CRF: -maxrate, with a buffer of twice that). */
  maxrateK: number;
  /** H.264 level, as x264 takes it and as the CODECS attribute spells it. */
  level: { x264: string; hex: string };
}

/** A rung once encoded: what the master playlist and the API say about it. */
export interface Rendition {
  name: string;
  width: number;
  height: number;
  /** Peak segment bitrate in bit/s (the HLS BANDWIDTH attribute), audio included. */
  bandwidth: number;
  /** Average bitrate over the whole rendition in bit/s (AVERAGE-BANDWIDTH). */
  averageBandwidth: number;
  codecs: string;
  frameRate: number;
}

/** Short sides of the ladder, highest first, with their peak video bitrates and levels (≤ 30 fps). */
const LADDER = [
  { shortSide: 1080, maxrateK: 5000, level: { x264: '4.0', hex: '28' } },
  { shortSide: 720, maxrateK: 2800, level: { x264: '3.1', hex: '1f' } },
  { shortSide: 480, maxrateK: 1400, level: { x264: '3.1', hex: '1f' } },
  { shortSide: 360, maxrateK: 800, level: { x264: '3.0', hex: '1e' } },
] as const;

/** Seconds between keyframes, forced at the same timestamps in every rendition. */
export const KEYFRAME_SECONDS = 2;
/** Target HLS segment length: two keyframe intervals. */
export const SEGMENT_SECONDS = 4;
/** Frame rates above this are halved to it: each rung then costs half the encoding. */
export const MAX_FRAME_RATE = 30;
const AUDIO_BITRATE = '128k';

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The rungs a source of `width`×`height` (upright, as ffprobe reports after rotation) allows,
 * lowest first: every ladder height its short side reaches, never upscaled; a source smaller than
 * the lowest rung gets one rendition at its own size.
 */
export function planLadder(width: number, height: number): Rung[] {
  const short = Math.min(width, height);
  const size = (shortSide: number) => {
    const long = even((Math.max(width, height) * shortSide) / short);
    return width <= height ? { width: shortSide, height: long } : { width: long, height: shortSide };
  };
  const rungs: Rung[] = LADDER.filter((rung) => rung.shortSide <= short).map((rung) => ({
    name: `${rung.shortSide}p`,
    ...size(rung.shortSide),
    maxrateK: rung.maxrateK,
    level: rung.level,
  }));
  if (rungs.length === 0) {
    const lowest = LADDER[LADDER.length - 1]!;
    rungs.push({
      name: 'src',
      width: even(width),
      height: even(height),
      maxrateK: lowest.maxrateK,
      level: lowest.level,
    });
  }
  return rungs.reverse();
}

/** The rung the progressive MP4 fallback is made from: the highest at or below 720p. */
export function fallbackRung<T extends { width: number; height: number }>(rungs: T[]): T {
  const fit = rungs.filter((rung) => Math.min(rung.width, rung.height) <= 720);
  return fit[fit.length - 1] ?? rungs[0]!;
}

export interface EncodeOptions {
  /** The container the upload was sniffed as: ffmpeg reads it as that and nothing else. */
  inputFormat: SniffedVideoType;
  /** Frames per second of the source (null when unknown). */
  frameRate: number | null;
  hasAudio: boolean;
  durationSeconds: number | null;
  /** Called with 0–100 as ffmpeg reports its progress. */
  onProgress?: (percent: number) => void;
  timeoutMs: number;
}

/** Output frame rate: the source's, at most MAX_FRAME_RATE. */
export function outputFrameRate(source: number | null): number {
  return source && source > 0 ? Math.min(source, MAX_FRAME_RATE) : MAX_FRAME_RATE;
}

/**
 * The ffmpeg arguments that encode `rungs` in one run: one decode, the frames split and scaled
 * per rung, each rung an H.264 + AAC variant of one HLS output (`-var_stream_map`), written to
 * `outDir/<name>/playlist.m3u8`, `init_<n>.mp4` and `seg<n>.m4s`. Keyframes are forced every
 * KEYFRAME_SECONDS of output time with scene-cut keyframes off, so every rendition (of this run
 * or another with the same source) cuts its segments at the same instants.
 */
export function ladderArgs(input: string, outDir: string, rungs: Rung[], options: EncodeOptions): string[] {
  const fps = outputFrameRate(options.frameRate);
  const limitRate = options.frameRate && options.frameRate > MAX_FRAME_RATE + 0.5 ? `fps=${fps},` : '';
  const gop = String(Math.round(fps * KEYFRAME_SECONDS));
  const labels = rungs.map((_, i) => `v${i}`);
  const split =
    rungs.length > 1
      ? `[0:v:0]${limitRate}split=${rungs.length}${labels.map((l) => `[s${l}]`).join('')};`
      : '';
  const scales = rungs
    .map((rung, i) => {
      const from = rungs.length > 1 ? `[s${labels[i]}]` : `[0:v:0]${limitRate}`;
      return `${from}scale=${rung.width}:${rung.height}:flags=bicubic,setsar=1,format=yuv420p[${labels[i]}]`;
    })
    .join(';');
  const args = [...inputArgs(input, options.inputFormat), '-filter_complex', split + scales];
  rungs.forEach((rung, i) => {
    args.push('-map', `[${labels[i]}]`);
    if (options.hasAudio) args.push('-map', '0:a:0');
    args.push(
      `-maxrate:v:${i}`,
      `${rung.maxrateK}k`,
      `-bufsize:v:${i}`,
      `${rung.maxrateK * 2}k`,
      `-level:v:${i}`,
      rung.level.x264,
    );
  });
  args.push(
    '-c:v',
    'libx264',
    '-profile:v',
    'high',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
  );
  if (options.hasAudio) args.push('-c:a', 'aac', '-b:a', AUDIO_BITRATE, '-ac', '2', '-ar', '48000');
  args.push(
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_flags',
    'independent_segments',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    path.join(outDir, '%v', 'seg%05d.m4s'),
    '-var_stream_map',
    rungs
      .map((rung, i) => (options.hasAudio ? `v:${i},a:${i},name:${rung.name}` : `v:${i},name:${rung.name}`))
      .join(' '),
    path.join(outDir, '%v', 'playlist.m3u8'),
  );
  return args;
}

/** Reads ffmpeg's `-progress` lines and reports whole percents of `durationSeconds`. */
export function progressReader(
  durationSeconds: number | null,
  report: ((percent: number) => void) | undefined,
): (chunk: string) => void {
  let pending = '';
  let last = -1;
  return (chunk) => {
    if (!report || !durationSeconds) return;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (!match) continue;
      const percent = Math.min(99, Math.floor(Number(match[1]) / 1e4 / durationSeconds));
      if (percent > last) {
        last = percent;
        report(percent);
      }
    }
  };
}

/** Encodes `rungs` in one ffmpeg run (see `ladderArgs`) and describes what came out. */
export async function encodeLadder(
  ffmpeg: string,
  input: string,
  outDir: string,
  rungs: Rung[],
  options: EncodeOptions,
): Promise<Rendition[]> {
  try {
    await runTool(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-progress',
        'pipe:1',
        '-nostats',
        ...ladderArgs(input, outDir, rungs, options),
      ],
      { timeoutMs: options.timeoutMs, onStdout: progressReader(options.durationSeconds, options.onProgress) },
    );
  } catch (error) {
    if (error instanceof ToolError && !error.timedOut) throw new UnusableVideoError(FAILURE_REASONS.damaged);
    throw error;
  }
  options.onProgress?.(100);
  const fps = outputFrameRate(options.frameRate);
  return Promise.all(
    rungs.map(async (rung) => {
      const { peak, average } = await measure(path.join(outDir, rung.name));
      return {
        name: rung.name,
        width: rung.width,
        height: rung.height,
        bandwidth: peak,
        averageBandwidth: average,
        codecs: `avc1.6400${rung.level.hex}${options.hasAudio ? ',mp4a.40.2' : ''}`,
        frameRate: Math.round(fps * 1000) / 1000,
      };
    }),
  );
}

/** Segments of a media playlist with their durations, in order. */
export function playlistSegments(playlist: string): Array<{ uri: string; seconds: number }> {
  const segments: Array<{ uri: string; seconds: number }> = [];
  let seconds = 0;
  for (const line of playlist.split('\n').map((l) => l.trim())) {
    if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#')) segments.push({ uri: line, seconds });
  }
  return segments;
}

/** The init segment's name in a media playlist (`#EXT-X-MAP:URI="…"`). */
export function playlistInit(playlist: string): string | undefined {
  return /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
}

/** Peak and average bitrate (bit/s) of the rendition in `dir`, from its segments' sizes. */
async function measure(dir: string): Promise<{ peak: number; average: number }> {
  const playlist = await readFile(path.join(dir, 'playlist.m3u8'), 'utf8');
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const segment of playlistSegments(playlist)) {
    const { size } = await stat(path.join(dir, segment.uri));
    bytes += size;
    seconds += segment.seconds;
    // A short last segment says little about the peak.
    if (segment.seconds >= 1) peak = Math.max(peak, Math.ceil((size * 8) / segment.seconds));
  }
  const average = seconds > 0 ? Math.ceil((bytes * 8) / seconds) : 0;
  return { peak: Math.max(peak, average), average };
}

/** The HLS master playlist listing `renditions` (each at `<name>/playlist.m3u8`), lowest first. */
export function masterPlaylist(renditions: Rendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of [...renditions].sort((a, b) => a.bandwidth - b.bandwidth)) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},` +
        `RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}",FRAME-RATE=${r.frameRate.toFixed(3)}`,
      `${r.name}/playlist.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The progressive MP4 fallback from an encoded rendition, without encoding again: its init and
 * media segments joined (a fragmented MP4), remuxed with the index in front (faststart).
 */
export async function progressiveMp4(
  ffmpeg: string,
  renditionDir: string,
  output: string,
  timeoutMs: number,
): Promise<void> {
  const playlist = await readFile(path.join(renditionDir, 'playlist.m3u8'), 'utf8');
  const init = playlistInit(playlist);
  const parts = [...(init ? [init] : []), ...playlistSegments(playlist).map((s) => s.uri)];
  const joined = `${output}.fragmented.mp4`;
  // One segment (a few MB at most) in memory at a time.
  const out = await open(joined, 'w');
  try {
    for (const part of parts) await out.write(await readFile(path.join(renditionDir, part)));
  } finally {
    await out.close();
  }
  try {
    await runTool(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        ...inputArgs(joined, 'fmp4'),
        '-map',
        '0',
        '-c',
        'copy',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        output,
      ],
      { timeoutMs },
    );
  } finally {
    await rm(joined, { force: true });
  }
}

/** Every file under `dir`, as paths relative to it with '/' separators. */
export async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path
        .relative(dir, path.join(entry.parentPath ?? entry.path, entry.name))
        .split(path.sep)
        .join('/'),
    )
    .sort();
}
