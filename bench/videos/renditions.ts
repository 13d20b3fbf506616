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
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeLadder, fallbackRung, planLadder, progressiveMp4 } from '../../apps/server/src/media/ladder';
import { probeVideo } from '../../apps/server/src/media/probe';
import { makePoster, makePreview, pickStart } from '../../apps/server/src/media/renditions';
import { benchClips, childCpuSeconds, clipsDir, loadAverage as load, makeClip, root } from './common';

const work = clipsDir;
/**
 * Length of the generated clips: 90 s as issue 16 asks; `BENCH_SECONDS` shortens it when the
 * machine cannot give the 4K clip an hour (the CPU seconds per second of video stay comparable).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 90);
mkdirSync(work, { recursive: true });

const CLIPS = benchClips(SECONDS);

async function measure(name: keyof typeof CLIPS) {
  const clip = CLIPS[name];
  const started = Date.now();
  makeClip(clip, SECONDS);
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
