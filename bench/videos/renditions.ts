/**
 * Playback processing benchmark (issue 16): for a 90 s 1080×1920 H.264 clip and a 90 s 2160×3840
 * HEVC clip, both generated here with ffmpeg, the time until the poster and preview, until the
 * first playable rendition (lowest rung + its MP4) and until the whole ladder, running the same
 * media steps, with the same settings, in the same order as `processVideo`
 * (apps/server/src/modules/videos/videos.processing.ts); storage writes and database updates are
 * left out (a local-disk rename and a few row updates). Results: bench/videos/results/renditions.json
 * and docs/benchmarks.md. Run: `npx tsx bench/videos/renditions.ts` (BENCH_CLIPS=1080 for one,
 * BENCH_SECONDS=15 for shorter clips).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeLadder, fallbackRung, planLadder, progressiveMp4 } from '../../apps/server/src/media/ladder';
import { probeVideo } from '../../apps/server/src/media/probe';
import { makePoster, makePreview, pickStart } from '../../apps/server/src/media/renditions';
import { root } from './common';

const work = path.join(os.tmpdir(), 'bench-renditions');
/**
 * Length of the generated clips: 90 s as issue 16 asks; `BENCH_SECONDS` shortens it when the
 * machine cannot give the 4K clip an hour (the CPU seconds per second of video stay comparable).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 90);
mkdirSync(work, { recursive: true });

const CLIPS = {
  '1080': {
    file: path.join(work, `portrait-1080x1920-h264-${SECONDS}s.mp4`),
    // A phone-like upload: H.264 High at ~12 Mbit/s, 30 fps, stereo AAC.
    codec: ['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '12M', '-pix_fmt', 'yuv420p'],
    size: '1080x1920',
    type: 'video/mp4',
  },
  '2160': {
    file: path.join(work, `portrait-2160x3840-hevc-${SECONDS}s.mov`),
    codec: [
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-b:v',
      '30M',
      '-x265-params',
      'log-level=error',
      '-tag:v',
      'hvc1',
      '-pix_fmt',
      'yuv420p',
    ],
    size: '2160x3840',
    type: 'video/quicktime',
  },
} as const;

function makeClip(clip: (typeof CLIPS)[keyof typeof CLIPS]): void {
  if (existsSync(clip.file)) return;
  const partial = `${clip.file}.part${path.extname(clip.file)}`;
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=duration=${SECONDS}:size=${clip.size}:rate=30`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${SECONDS}`,
    ...clip.codec,
    '-c:a',
    'aac',
    '-b:a',
    '192k',
    '-shortest',
    partial,
  ]);
  // Only a whole clip gets the real name: an interrupted run never leaves a truncated clip behind.
  renameSync(partial, clip.file);
}

/**
 * CPU seconds (user + system) used by this process's finished children (ffmpeg, ffprobe), from
 * /proc: what the steps cost whatever the machine's load, where wall time depends on it.
 */
function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // cutime and cstime: fields 16 and 17 of stat(5), in clock ticks (100 a second on Linux).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

async function measure(name: keyof typeof CLIPS) {
  const clip = CLIPS[name];
  const started = Date.now();
  makeClip(clip);
  const made = Date.now();
  const out = path.join(work, `out-${name}`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const loadBefore = load();
  const t0 = Date.now();
  const cpu0 = childCpuSeconds();
  const meta = await probeVideo('ffprobe', clip.file, clip.type);
  const start = pickStart(meta.durationSeconds);
  await makePoster('ffmpeg', clip.file, clip.type, path.join(out, 'poster.jpg'), start);
  await makePreview('ffmpeg', clip.file, clip.type, path.join(out, 'preview.mp4'), start);
  const poster = Date.now() - t0;
  const posterCpu = childCpuSeconds() - cpu0;
  const rungs = planLadder(meta.width!, meta.height!);
  const [first, ...rest] = rungs;
  const encode = {
    inputFormat: clip.type,
    frameRate: meta.frameRate,
    hasAudio: meta.audioCodec !== null,
    durationSeconds: meta.durationSeconds,
    timeoutMs: 60 * 60_000,
  };
  await encodeLadder('ffmpeg', clip.file, path.join(out, 'hls'), [first!], encode);
  await progressiveMp4('ffmpeg', path.join(out, 'hls', first!.name), path.join(out, 'first.mp4'), 600_000);
  const firstPlayable = Date.now() - t0;
  const firstCpu = childCpuSeconds() - cpu0;
  const loadMid = load();
  await encodeLadder('ffmpeg', clip.file, path.join(out, 'hls-rest'), rest, encode);
  const mp4Rung = fallbackRung(rungs);
  if (mp4Rung.name !== first!.name)
    await progressiveMp4(
      'ffmpeg',
      path.join(out, 'hls-rest', mp4Rung.name),
      path.join(out, 'fallback.mp4'),
      600_000,
    );
  const ladder = Date.now() - t0;
  const ladderCpu = childCpuSeconds() - cpu0;
  const result = {
    clip: path.basename(clip.file),
    durationSeconds: meta.durationSeconds,
    source: `${meta.width}x${meta.height} ${meta.videoCodec} ${meta.frameRate} fps`,
    rungs: rungs.map((r) => `${r.name} ${r.width}x${r.height}`),
    clipGenerationSeconds: (made - started) / 1000,
    posterAndPreviewSeconds: poster / 1000,
    firstPlayableSeconds: firstPlayable / 1000,
    wholeLadderSeconds: ladder / 1000,
    cpuSeconds: { posterAndPreview: posterCpu, firstPlayable: firstCpu, wholeLadder: ladderCpu },
    firstPlayableOverDuration: +(firstPlayable / 1000 / meta.durationSeconds!).toFixed(2),
    wholeLadderOverDuration: +(ladder / 1000 / meta.durationSeconds!).toFixed(2),
    loadAverage: { before: loadBefore, afterFirstRendition: loadMid, after: load() },
  };
  console.log(JSON.stringify(result, null, 2));
  return result;
}

const which = (process.env.BENCH_CLIPS ?? '1080,2160').split(',') as Array<keyof typeof CLIPS>;
const results = [];
for (const name of which) results.push(await measure(name));
const resultsDir = path.join(root, 'bench/videos/results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  path.join(
    resultsDir,
    which.join(',') === '1080,2160' && SECONDS === 90
      ? 'renditions.json'
      : `renditions-${which.join('-')}-${SECONDS}s.json`,
  ),
  JSON.stringify({ at: new Date().toISOString(), cores: os.cpus().length, results }, null, 2),
);
