import {
  DEFAULT_DELIVERY_SPEC,
  judgeQc,
  QC_DETECTION,
  type DeliverySpec,
  type QcCheck,
  type QcFacts,
} from '@app/domain';
import { FAILURE_REASONS, probeVideo, UnusableVideoError } from './probe';
import { CROP_SAMPLES_PER_SECOND, qcOutputReader } from './qc-output';
import { inputArgs, runTool, ToolError } from './run';
import type { SniffedVideoType } from './sniff';

/**
 * The technical check (QC) of a video file (issue 51): ffprobe's stream facts, then ONE ffmpeg
 * process that decodes the file once and feeds every detector from that decode:
 *
 * - sound: `ebur128` (integrated loudness, loudness range, true peak) then `silencedetect`;
 * - picture: `blackdetect` and `freezedetect` on every frame, and `cropdetect` on two pictures a
 *   second (bars do not come and go between frames; a sample is cheaper to print and read).
 *
 * Each chain ends in a `metadata`/`ametadata` filter printing the detectors' findings to stdout
 * (`direct`: unbuffered, so the chains' lines never interleave mid-line), read as they arrive by
 * `qcOutputReader`; the outputs go to the `null` muxer. The file is read as untrusted input like
 * every ffmpeg run (media/run.ts: the sniffed demuxer, file protocol only, empty environment,
 * memory limit), with a time limit proportional to its length; what is kept of the output is
 * bounded (qc-output.ts).
 */

/** The detectors' settings (thresholds in QC_DETECTION, @app/domain). */
export function qcFilterGraph(hasAudio: boolean): string {
  const print = (filter: 'metadata' | 'ametadata') => `${filter}=mode=print:file=-:direct=1`;
  const picture =
    '[0:v:0]split=2[qcframes][qcsamples];' +
    `[qcframes]blackdetect=d=${QC_DETECTION.blackMinSeconds}:pix_th=0.10,` +
    `freezedetect=n=-60dB:d=${QC_DETECTION.freezeMinSeconds},${print('metadata')}[picture];` +
    `[qcsamples]fps=${CROP_SAMPLES_PER_SECOND},cropdetect=round=2:reset=1:skip=0,${print('metadata')}[bars]`;
  if (!hasAudio) return picture;
  // framelog=verbose: ebur128's line per 100 ms goes to the (quiet) log, not to stderr.
  const sound =
    '[0:a:0]ebur128=peak=true:framelog=verbose:metadata=1,' +
    `silencedetect=n=${QC_DETECTION.silenceNoiseDb}dB:d=${QC_DETECTION.silenceMinSeconds},${print('ametadata')}[sound]`;
  return `${picture};${sound}`;
}

/** The ffmpeg arguments of the QC pass over `file` (read as the container it was sniffed as). */
export function qcArgs(file: string, format: SniffedVideoType, hasAudio: boolean): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    ...inputArgs(file, format),
    '-filter_complex',
    qcFilterGraph(hasAudio),
    '-map',
    '[picture]',
    '-map',
    '[bars]',
    ...(hasAudio ? ['-map', '[sound]'] : []),
    '-f',
    'null',
    '-',
  ];
}

/**
 * Time limit of a QC pass: the pass aims at half the video's length on the 2-core machine
 * (bench/videos/qc.ts); the limit leaves room for a busy worker, proportional to the duration.
 */
export const qcTimeout = (durationSeconds: number | null) =>
  Math.max(5 * 60_000, Math.ceil((durationSeconds ?? 60) * 4_000));

export interface QcReport {
  facts: QcFacts;
  checks: QcCheck[];
}

/**
 * Probes `file`, runs the QC pass over it and judges what it measured against `spec` (no
 * contest's requirements: the stream facts are reported as facts). A file ffmpeg cannot read is an
 * `UnusableVideoError` ('the file is damaged'); a pass that outlasts its limit is a timed-out
 * `ToolError`.
 */
export async function analyseVideo(
  tools: { ffmpeg: string; ffprobe: string },
  file: string,
  format: SniffedVideoType,
  options: { spec?: DeliverySpec; timeoutMs?: number } = {},
): Promise<QcReport> {
  const meta = await probeVideo(tools.ffprobe, file, format);
  const hasAudio = meta.audioCodec !== null;
  const reader = qcOutputReader({
    width: meta.width,
    height: meta.height,
    durationSeconds: meta.durationSeconds,
  });
  try {
    await runTool(tools.ffmpeg, qcArgs(file, format, hasAudio), {
      timeoutMs: options.timeoutMs ?? qcTimeout(meta.durationSeconds),
      onStdout: reader.push,
    });
  } catch (error) {
    if (error instanceof ToolError && !error.timedOut) throw new UnusableVideoError(FAILURE_REASONS.damaged);
    throw error;
  }
  const facts: QcFacts = {
    width: meta.width,
    height: meta.height,
    frame_rate: meta.frameRate,
    duration_seconds: meta.durationSeconds,
    has_audio: hasAudio,
    ...reader.finish(),
  };
  return { facts, checks: judgeQc(facts, options.spec ?? DEFAULT_DELIVERY_SPEC) };
}
