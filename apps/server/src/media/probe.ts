import { inputArgs, runTool, ToolError } from './run';
import type { SniffedVideoType } from './sniff';

export interface VideoMetadata {
  formatName: string;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  frameRate: number | null;
  /** Degrees the player should rotate (phones record sideways and tag it). */
  rotation: number;
}

/** Why a file cannot become a video; the message is shown to its owner. */
export class UnusableVideoError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UnusableVideoError';
  }
}

export const FAILURE_REASONS = {
  noVideoStream: 'this file has no video stream',
  damaged: 'the file is damaged',
  tooSlow: 'processing took too long',
  internal: 'the video could not be processed; please try uploading it again',
} as const;

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
  disposition?: { attached_pic?: number };
}

function frameRate(value: string | undefined): number | null {
  if (!value) return null;
  const [num, den] = value.split('/').map(Number);
  if (!num || !den) return null;
  return Math.round((num / den) * 1000) / 1000;
}

/**
 * Runs ffprobe on the file as the container its bytes were sniffed as (`format`, never guessed by
 * ffprobe: see `inputArgs`); a file ffprobe cannot read is 'damaged', one without pictures has
 * 'no video stream'.
 */
export async function probeVideo(
  ffprobe: string,
  file: string,
  format: SniffedVideoType,
  timeoutMs = 30_000,
): Promise<VideoMetadata> {
  let output: string;
  try {
    ({ stdout: output } = await runTool(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(file, format)],
      { timeoutMs },
    ));
  } catch (error) {
    if (error instanceof ToolError && error.timedOut) throw error;
    throw new UnusableVideoError(FAILURE_REASONS.damaged);
  }
  const parsed = JSON.parse(output) as {
    streams?: ProbeStream[];
    format?: { format_name?: string; duration?: string };
  };
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video) throw new UnusableVideoError(FAILURE_REASONS.noVideoStream);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(parsed.format?.duration);
  const rotation =
    Number(
      video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0,
    ) || 0;
  const sideways = Math.abs(rotation) % 180 === 90;
  return {
    formatName: parsed.format?.format_name ?? '',
    durationSeconds: Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) / 1000 : null,
    width: (sideways ? video.height : video.width) ?? null,
    height: (sideways ? video.width : video.height) ?? null,
    videoCodec: video.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    frameRate: frameRate(video.avg_frame_rate) ?? frameRate(video.r_frame_rate),
    rotation,
  };
}
