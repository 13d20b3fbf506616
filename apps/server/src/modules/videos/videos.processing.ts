import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppDeps } from '../../app-deps';
import type { Metrics } from '../../lib/metrics';
import { resolveMediaBinaries } from '../../media/binaries';
import { FAILURE_REASONS, probeVideo, UnusableVideoError, type VideoMetadata } from '../../media/probe';
import {
  encodeLadder,
  fallbackRung,
  filesIn,
  masterPlaylist,
  planLadder,
  progressiveMp4,
  type Rendition,
} from '../../media/ladder';
import { makePoster, makePreview, pickStart } from '../../media/renditions';
import { ToolError } from '../../media/run';
import type { SniffedVideoType } from '../../media/sniff';
import { videoSettledJob } from '../../jobs/video-settled.job';
import { raiseLiveEvent } from '../notifications';
import { queueVideoQc } from './video-qc';
import {
  findStoredVideo,
  updateVideo as writeVideo,
  type NewVideo,
  type OwnVideoRow,
} from './videos.repository';

export type VideoProcessingDeps = Pick<AppDeps, 'database' | 'storage' | 'config' | 'log' | 'queue'>;

/**
 * Tells whoever waits on this video (contest entries) that it became playable or failed for good.
 * A process without a job queue (the demo seed) has nobody waiting: that is only logged.
 */
async function announceSettled(
  deps: VideoProcessingDeps,
  videoId: number,
  status: 'ready' | 'failed',
): Promise<void> {
  await deps.queue.send(videoSettledJob, { videoId, status }).catch((error: unknown) => {
    deps.log.debug({ err: error, videoId }, 'could not announce the settled video');
  });
}

/** Runs one ffmpeg step and, once it made its output, records its seconds under `rendition`. */
async function timed<T>(
  metrics: Pick<Metrics, 'renditionMade'> | undefined,
  rendition: string,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const made = await work();
  metrics?.renditionMade(rendition, (performance.now() - started) / 1000);
  return made;
}

/** Folder of a video's files: every key of one video shares it. */
export function videoFolder(originalKey: string): string {
  return originalKey.slice(0, originalKey.lastIndexOf('/') + 1);
}

type Stage = NonNullable<NewVideo['processingStage']>;

/** Keys of a video's playback files, all under its folder. */
export const playbackKeys = {
  hlsDir: (folder: string) => `${folder}hls/`,
  /** The master listing only the first rendition (playable while the rest are made). */
  firstMaster: (folder: string) => `${folder}hls/first.m3u8`,
  master: (folder: string) => `${folder}hls/master.m3u8`,
  mp4: (folder: string, rendition: string) => `${folder}mp4-${rendition}.mp4`,
};

/** Time limit of an encode: generous for the 2-core machine, proportional to the duration. */
const encodeTimeout = (durationSeconds: number | null) =>
  Math.max(5 * 60_000, Math.ceil((durationSeconds ?? 60) * 12_000));

/** Prefix of a processing attempt's temporary folder (in os.tmpdir()) for one video. */
const workPrefix = (videoId: number) => `process-video-${videoId}-`;

/**
 * Removes the temporary folders that earlier attempts at this video left on this machine: a
 * worker killed mid-job never cleaned up, and its job's retry (this attempt) is the only one
 * running now (the queue gives a job to one worker at a time; jobs/queue.ts leases).
 */
async function removeEarlierWork(videoId: number): Promise<void> {
  const names = await readdir(os.tmpdir()).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(workPrefix(videoId)))
      .map((name) => rm(path.join(os.tmpdir(), name), { recursive: true, force: true })),
  );
}

/** Stores every file under `dir` at `prefix` + its relative path, a few at a time. */
async function putTree(deps: VideoProcessingDeps, dir: string, prefix: string): Promise<void> {
  const files = await filesIn(dir);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await deps.storage.put(`${prefix}${file}`, createReadStream(path.join(dir, file)));
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

type VideoUpdate = (
  db: VideoProcessingDeps['database']['db'],
  videoId: number,
  patch: Partial<NewVideo>,
) => Promise<void>;

/**
 * Writes the video row and, when its processing moved (stage, percent or status), tells its
 * owner's open pages through a live event (issue 32): the upload dialog, My Videos and the entry
 * page follow processing without reloading, from whichever process runs the job.
 */
function trackedUpdate(deps: VideoProcessingDeps, ownerId: number): VideoUpdate {
  return async (db, videoId, patch) => {
    await writeVideo(db, videoId, patch);
    if (patch.processingStage === undefined && patch.status === undefined) return;
    await raiseLiveEvent(deps, ownerId, 'video', {
      video_id: videoId,
      status: patch.status ?? null,
      stage: patch.processingStage ?? null,
      percent: patch.processingPercent ?? null,
    });
  };
}

/**
 * Records the stage and its percent on the video, at most once a second while a stage runs
 * (and always at a stage's start), one write at a time.
 */
function progressRecorder(deps: VideoProcessingDeps, videoId: number, updateVideo: VideoUpdate) {
  let writing: Promise<void> = Promise.resolve();
  let lastAt = 0;
  const write = (stage: Stage, percent: number) => {
    writing = writing
      .then(() =>
        updateVideo(deps.database.db, videoId, { processingStage: stage, processingPercent: percent }),
      )
      .catch((error: unknown) =>
        deps.log.warn({ err: error, videoId }, 'could not record processing progress'),
      );
    return writing;
  };
  return {
    start(stage: Stage) {
      lastAt = Date.now();
      return write(stage, 0);
    },
    report(stage: Stage) {
      return (percent: number) => {
        if (Date.now() - lastAt < 1000) return;
        lastAt = Date.now();
        void write(stage, percent);
      };
    },
    settled: () => writing,
  };
}

/** What the steps of one processing attempt share. */
interface Attempt {
  deps: VideoProcessingDeps;
  videoId: number;
  /** The video's row as the attempt began. */
  video: OwnVideoRow;
  ffmpeg: string;
  /** The original's local copy, read as the container it was sniffed as when it arrived. */
  source: string;
  format: SniffedVideoType;
  /** The attempt's temporary folder. */
  work: string;
  /** The folder of the video's stored files. */
  folder: string;
  metrics: Pick<Metrics, 'renditionMade'> | undefined;
  progress: ReturnType<typeof progressRecorder>;
  updateVideo: VideoUpdate;
}

/** The ladder of renditions planned for the video's size, and how its rungs are encoded. */
function planRenditions(attempt: Attempt, meta: VideoMetadata) {
  const rungs = planLadder(meta.width ?? 2, meta.height ?? 2);
  const [first, ...rest] = rungs;
  return {
    rungs,
    first: first!,
    rest,
    hlsDir: path.join(attempt.work, 'hls'),
    encode: {
      inputFormat: attempt.format,
      frameRate: meta.frameRate,
      hasAudio: meta.audioCodec !== null,
      durationSeconds: meta.durationSeconds,
      timeoutMs: encodeTimeout(meta.durationSeconds),
    },
  };
}
type RenditionPlan = ReturnType<typeof planRenditions>;

/** Step 1: the poster and the preview (stage `poster`), unless an earlier attempt made both. */
async function makeStills(attempt: Attempt, meta: VideoMetadata): Promise<void> {
  const { deps, video, ffmpeg, source, format, work, folder, metrics } = attempt;
  if (video.posterKey && video.previewKey) return;
  await attempt.progress.start('poster');
  const start = pickStart(meta.durationSeconds);
  const poster = path.join(work, 'poster.jpg');
  const preview = path.join(work, 'preview.mp4');
  await timed(metrics, 'poster', () => makePoster(ffmpeg, source, format, poster, start));
  await timed(metrics, 'preview', () => makePreview(ffmpeg, source, format, preview, start));
  await deps.storage.put(`${folder}poster.jpg`, createReadStream(poster));
  await deps.storage.put(`${folder}preview.mp4`, createReadStream(preview));
  await attempt.updateVideo(deps.database.db, attempt.videoId, {
    posterKey: `${folder}poster.jpg`,
    previewKey: `${folder}preview.mp4`,
  });
}

/**
 * Step 2: the lowest rung as HLS and, remuxed from it, the progressive MP4 (stage
 * `first_rendition`): the video is then `ready`, with a master playlist listing that one
 * rendition. Returns the renditions made.
 */
async function makeFirstRendition(
  attempt: Attempt,
  { first, rest, hlsDir, encode }: RenditionPlan,
  playableAt: Date | undefined,
): Promise<Rendition[]> {
  const { deps, ffmpeg, work, folder, metrics, progress } = attempt;
  await progress.start('first_rendition');
  const renditions = await timed(metrics, first.name, () =>
    encodeLadder(ffmpeg, attempt.source, hlsDir, [first], {
      ...encode,
      onProgress: progress.report('first_rendition'),
    }),
  );
  const mp4 = path.join(work, `${first.name}.mp4`);
  await progressiveMp4(ffmpeg, path.join(hlsDir, first.name), mp4, encode.timeoutMs);
  const masterKey = rest.length ? playbackKeys.firstMaster(folder) : playbackKeys.master(folder);
  // Whatever an earlier, killed attempt stored of this step goes first.
  await deps.storage.deletePrefix(playbackKeys.hlsDir(folder));
  await putTree(deps, hlsDir, playbackKeys.hlsDir(folder));
  await deps.storage.put(masterKey, Buffer.from(masterPlaylist(renditions)));
  await deps.storage.put(playbackKeys.mp4(folder, first.name), createReadStream(mp4));
  await progress.settled();
  await attempt.updateVideo(deps.database.db, attempt.videoId, {
    hlsKey: masterKey,
    mp4Key: playbackKeys.mp4(folder, first.name),
    renditions,
    status: 'ready',
    failureReason: null,
    processingStage: rest.length ? 'renditions' : 'done',
    processingPercent: rest.length ? 0 : 100,
    // Time to playable, for the staff overview's processing times (issue 33).
    processedAt: playableAt ?? new Date(),
  });
  return renditions;
}

/**
 * Step 3: every other rung in one ffmpeg run (stage `renditions`), then the master listing them
 * all and the MP4 again from the highest rung at or below 720p (`done`).
 */
async function makeOtherRenditions(
  attempt: Attempt,
  { rungs, first, rest, hlsDir, encode }: RenditionPlan,
  renditions: Rendition[],
): Promise<void> {
  const { deps, video, ffmpeg, work, folder, metrics, progress } = attempt;
  await progress.start('renditions');
  await rm(hlsDir, { recursive: true, force: true });
  // One ffmpeg run makes every other rung: its seconds are theirs together (`480p+720p`).
  const made = await timed(metrics, rest.map((rung) => rung.name).join('+'), () =>
    encodeLadder(ffmpeg, attempt.source, hlsDir, rest, {
      ...encode,
      onProgress: progress.report('renditions'),
    }),
  );
  const all = [...renditions.filter((r) => r.name === first.name), ...made];
  const mp4Rung = fallbackRung(rungs);
  let mp4Key = video.mp4Key ?? playbackKeys.mp4(folder, first.name);
  if (mp4Rung.name !== first.name) {
    const mp4 = path.join(work, `${mp4Rung.name}.mp4`);
    await progressiveMp4(ffmpeg, path.join(hlsDir, mp4Rung.name), mp4, encode.timeoutMs);
    await deps.storage.put(playbackKeys.mp4(folder, mp4Rung.name), createReadStream(mp4));
    mp4Key = playbackKeys.mp4(folder, mp4Rung.name);
  }
  for (const rung of rest) await deps.storage.deletePrefix(`${playbackKeys.hlsDir(folder)}${rung.name}/`);
  await putTree(deps, hlsDir, playbackKeys.hlsDir(folder));
  await deps.storage.put(playbackKeys.master(folder), Buffer.from(masterPlaylist(all)));
  await progress.settled();
  await attempt.updateVideo(deps.database.db, attempt.videoId, {
    hlsKey: playbackKeys.master(folder),
    mp4Key,
    renditions: all,
    status: 'ready',
    failureReason: null,
    processingStage: 'done',
    processingPercent: 100,
  });
  // What only the first step needed; players that loaded it keep their cached copy.
  await deps.storage.delete(playbackKeys.firstMaster(folder)).catch(() => undefined);
  if (mp4Key !== playbackKeys.mp4(folder, first.name))
    await deps.storage.delete(playbackKeys.mp4(folder, first.name)).catch(() => undefined);
}

/**
 * Records a failure for good: a file that cannot become a video fails with its reason; anything
 * else with a reason its owner can read (too slow, internal), logged. A video already playable
 * stays so (its stage says `failed`); one that is not is announced as failed.
 */
async function recordFailure(attempt: Attempt, error: unknown, playable: boolean): Promise<void> {
  const { deps, videoId, updateVideo } = attempt;
  const db = deps.database.db;
  if (error instanceof UnusableVideoError && !playable) {
    await updateVideo(db, videoId, {
      status: 'failed',
      failureReason: error.reason,
      processingStage: 'failed',
    });
    await announceSettled(deps, videoId, 'failed');
    return;
  }
  const reason =
    error instanceof UnusableVideoError
      ? error.reason
      : error instanceof ToolError && error.timedOut
        ? FAILURE_REASONS.tooSlow
        : FAILURE_REASONS.internal;
  await updateVideo(
    db,
    videoId,
    playable
      ? { processingStage: 'failed' }
      : { status: 'failed', failureReason: reason, processingStage: 'failed' },
  );
  deps.log.error({ err: error, videoId }, 'video processing failed for good');
  if (!playable) await announceSettled(deps, videoId, 'failed');
}

/**
 * Processes an uploaded original, in steps that each leave the video more usable:
 * 1. probe (metadata) and the poster and preview (stage `poster`);
 * 2. the lowest rung of the ladder as HLS and, remuxed from it, the progressive MP4
 *    (`first_rendition`): the video is then `ready` — reviewable and playable — with a master
 *    playlist listing that one rendition;
 * 3. every other rung in one ffmpeg run (`renditions`), then the master listing them all and the
 *    MP4 again from the highest rung at or below 720p (`done`).
 * Why this order: the lowest rung costs a small part of the whole ladder, so a long upload is
 * watchable in a fraction of the ladder's time (docs/benchmarks.md); its segments are kept as the
 * ladder's lowest rung (same keyframe instants), so nothing is encoded twice. The original is
 * never changed. A retried job resumes after the last finished step.
 *
 * Running it again after an attempt killed anywhere (the queue retries a dead worker's job, see
 * jobs/queue.ts) leaves one set of outputs: the dead attempt's temporary folder is removed, the
 * playback files of the step being redone are deleted before they are stored again (same keys,
 * nothing else left over), the video row is updated, never duplicated, and a retry of a video that
 * is already `ready` announces it again (the dead attempt may have died before telling; the
 * entries' handler takes it once).
 *
 * A file that cannot become a video fails at once with a reason its owner can read; anything else
 * (a timeout, storage trouble) is thrown to be retried, and the last attempt records the failure,
 * so a video never stays 'processing' for ever. A video already playable stays so when a later
 * step fails for good (its stage says `failed`).
 */
export async function processVideo(
  deps: VideoProcessingDeps,
  videoId: number,
  {
    lastAttempt,
    retry = false,
    playableAt,
    metrics,
  }: {
    lastAttempt: boolean;
    retry?: boolean;
    /** Where each rendition's ffmpeg seconds go (GET /metrics): the job handler's; seeds pass none. */
    metrics?: Pick<Metrics, 'renditionMade'>;
    /** When it became playable: now, unless the demo seed imports a video uploaded in the past. */
    playableAt?: Date;
  },
): Promise<void> {
  const db = deps.database.db;
  const video = await findStoredVideo(db, videoId);
  if (!video) return; // deleted meanwhile
  const { ffmpeg, ffprobe } = resolveMediaBinaries(deps.config);
  if (retry) {
    await removeEarlierWork(videoId);
    if (video.status === 'ready') await announceSettled(deps, videoId, 'ready');
  }
  const work = await mkdtemp(path.join(os.tmpdir(), workPrefix(videoId)));
  const updateVideo = trackedUpdate(deps, video.ownerId);
  const progress = progressRecorder(deps, videoId, updateVideo);
  let playable = !!video.hlsKey;
  const source = await deps.storage.localCopy(video.originalKey);
  const attempt: Attempt = {
    deps,
    videoId,
    video,
    ffmpeg,
    source: source.path,
    // The container the upload was sniffed as when it arrived: ffmpeg reads it as that, nothing else.
    format: video.originalType as SniffedVideoType,
    work,
    folder: videoFolder(video.originalKey),
    metrics,
    progress,
    updateVideo,
  };
  try {
    const meta = await probeVideo(ffprobe, source.path, attempt.format);
    await updateVideo(db, videoId, {
      durationSeconds: meta.durationSeconds,
      width: meta.width,
      height: meta.height,
      videoCodec: meta.videoCodec,
      audioCodec: meta.audioCodec,
      frameRate: meta.frameRate,
    });
    await makeStills(attempt, meta);
    const plan = planRenditions(attempt, meta);
    let renditions: Rendition[] = (video.renditions as Rendition[] | null) ?? [];
    if (!playable) {
      renditions = await makeFirstRendition(attempt, plan, playableAt);
      playable = true;
      await announceSettled(deps, videoId, 'ready');
    }
    if (plan.rest.length && video.hlsKey !== playbackKeys.master(attempt.folder))
      await makeOtherRenditions(attempt, plan, renditions);
  } catch (error) {
    await progress.settled();
    // Anything but a file that cannot become a video is retried, until the last attempt.
    if (!lastAttempt && !(error instanceof UnusableVideoError)) throw error;
    await recordFailure(attempt, error, playable);
  } finally {
    await source.release();
    await rm(work, { recursive: true, force: true });
  }
  // Processing ended with a playable video (every step done, or a later one failed for good): its
  // technical check runs next, from the original (issue 51), queued once whichever attempt gets here.
  if (playable) await queueVideoQc(deps, videoId);
}
