import { inputArgs, runTool, ToolError } from './run';
import type { SniffedVideoType } from './sniff';
import { FAILURE_REASONS, UnusableVideoError } from './probe';

/** Seconds of the library card's looping preview. */
export const PREVIEW_SECONDS = 4;

/** Where to take the poster and start the preview: a moment in, not the (often black) first frame. */
export function pickStart(durationSeconds: number | null): number {
  if (!durationSeconds || durationSeconds <= PREVIEW_SECONDS + 1) return 0;
  return Math.min(Math.round(durationSeconds / 5), 10);
}

// Longest side at most `max` px, even dimensions for H.264; ffmpeg applies rotation tags itself.
const fit = (max: number) => `scale='if(gte(iw,ih),min(${max},iw),-2)':'if(gte(iw,ih),-2,min(${max},ih))'`;

async function ffmpegStep(ffmpeg: string, args: string[], timeoutMs: number): Promise<void> {
  try {
    await runTool(ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { timeoutMs });
  } catch (error) {
    if (error instanceof ToolError && !error.timedOut) throw new UnusableVideoError(FAILURE_REASONS.damaged);
    throw error;
  }
}

/** A JPEG frame (longest side ≤ 1280 px) for the player's poster and the dashboard. */
export async function makePoster(
  ffmpeg: string,
  input: string,
  format: SniffedVideoType,
  output: string,
  startSeconds: number,
  timeoutMs = 60_000,
): Promise<void> {
  await ffmpegStep(
    ffmpeg,
    [
      '-ss',
      String(startSeconds),
      ...inputArgs(input, format),
      '-frames:v',
      '1',
      '-vf',
      fit(1280),
      '-q:v',
      '3',
      '-f',
      'image2',
      output,
    ],
    timeoutMs,
  );
}

/**
 * The card preview: a few muted seconds, longest side ≤ 640 px, H.264 in MP4 with faststart,
 * whatever codec came in (HEVC from phones included), so every browser can loop it.
 */
export async function makePreview(
  ffmpeg: string,
  input: string,
  format: SniffedVideoType,
  output: string,
  startSeconds: number,
  timeoutMs = 180_000,
): Promise<void> {
  await ffmpegStep(
    ffmpeg,
    [
      '-ss',
      String(startSeconds),
      '-t',
      String(PREVIEW_SECONDS),
      ...inputArgs(input, format),
      '-an',
      '-sn',
      '-dn',
      '-map',
      '0:v:0',
      '-vf',
      `${fit(640)},fps=24,format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '28',
      '-profile:v',
      'main',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ],
    timeoutMs,
  );
}
