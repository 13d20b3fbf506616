import { QC_MESSAGES, qcFailure } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { defineJob } from '../../jobs/queue';
import { resolveMediaBinaries } from '../../media/binaries';
import { UnusableVideoError } from '../../media/probe';
import { analyseVideo } from '../../media/qc';
import { ToolError } from '../../media/run';
import type { SniffedVideoType } from '../../media/sniff';
import * as qcRepo from './qc.repository';
import { findStoredVideo } from './videos.repository';

/**
 * The technical check (QC) of a video (issue 51), in the job queue like its processing: queued
 * once the processing is done (`queueVideoQc`), run by `runVideoQc` from the original file the
 * creator uploaded, its report stored in `video_qc`.
 */

export type VideoQcDeps = Pick<AppDeps, 'database' | 'storage' | 'config' | 'log' | 'queue'>;

/** Runs the technical check of a processed video (media/qc.ts) and stores its report. */
export const videoQcJob = defineJob<{ videoId: number }>({
  name: 'video-qc',
  retryLimit: 2,
  retryDelaySeconds: 20,
  // The pass has its own limit (4 s per second of video, at least 5 min, media/qc.ts); this is
  // the backstop, above it for the longest upload, so a running check is never given to a second
  // worker. A worker that dies mid-check is noticed sooner, by its lease (jobs/queue.ts).
  expireInSeconds: 2 * 60 * 60,
});

/**
 * How old a claim may get before it counts as lost: longer than the job's whole life (every attempt
 * running to its expiry, with the delays between). A claim that old belongs to a process that died
 * between claiming and sending, or to a job the queue lost; the sweep queues the check again.
 */
export const QC_CLAIM_STALE_MS =
  (videoQcJob.retryLimit + 1) * (videoQcJob.expireInSeconds + videoQcJob.retryDelaySeconds) * 1000;

/** ffmpeg or ffprobe is missing here (media/binaries.ts says which and how to set it). */
class ProcessingUnavailableError extends Error {}

/**
 * Queues the video's check, once: its `video_qc` row is made `pending`, and the one caller that
 * claims it (`queued_at` set where it was null, in one UPDATE: any number of processes may call
 * at once) sends the job. Called whenever processing ends with a playable video, by every attempt
 * that gets there, and by the backfill sweep; a later call finds the row queued (or checked) and
 * sends nothing. A job that could not be sent gives its claim back, for a later call. A second job
 * (the claim's process died after sending, before anything else) finds the check done and stops
 * (`runVideoQc`); a claim whose job never ran (its process died before sending) goes stale after
 * `QC_CLAIM_STALE_MS` and the next sweep queues the check again. A process without a job queue (the demo seed's) leaves the row pending and
 * unqueued: the backfill sweep of the next worker to start queues it. Returns whether it sent.
 */
export async function queueVideoQc(deps: VideoQcDeps, videoId: number): Promise<boolean> {
  const db = deps.database.db;
  const staleBefore = new Date(Date.now() - QC_CLAIM_STALE_MS);
  const row = await qcRepo.ensurePendingQc(db, videoId);
  if (!row || row.status !== 'pending' || (row.queuedAt && row.queuedAt >= staleBefore)) return false;
  if (!(await qcRepo.claimQcQueue(db, videoId, staleBefore))) return false;
  try {
    await deps.queue.send(videoQcJob, { videoId });
    return true;
  } catch (error) {
    deps.log.debug({ err: error, videoId }, 'could not queue the technical check');
    await qcRepo.releaseQcQueue(db, videoId);
    return false;
  }
}

/** The backfill sweep's bounds: videos read per batch, and batches per sweep. */
export const QC_BACKFILL = { batchSize: 100, maxBatches: 100 } as const;

/**
 * Queues the check of every playable video that never had one queued (processed before QC
 * existed, or by the demo seed, which has no queue): run once when a worker starts, in batches,
 * at most `maxBatches` of them (the rest waits for the next start). Safe with several workers
 * starting at once: `queueVideoQc` sends each video's job once whoever asks. Returns how many
 * jobs this sweep sent.
 */
export async function backfillVideoQc(
  deps: VideoQcDeps,
  bounds: { batchSize: number; maxBatches: number } = QC_BACKFILL,
): Promise<number> {
  let sent = 0;
  let afterId = 0;
  for (let batch = 0; batch < bounds.maxBatches; batch++) {
    const staleBefore = new Date(Date.now() - QC_CLAIM_STALE_MS);
    const ids = await qcRepo.findVideosAwaitingQc(deps.database.db, afterId, bounds.batchSize, staleBefore);
    for (const id of ids) if (await queueVideoQc(deps, id)) sent++;
    if (ids.length < bounds.batchSize) break;
    afterId = ids[ids.length - 1]!;
  }
  if (sent) deps.log.info({ sent }, 'queued the technical check of videos processed without one');
  return sent;
}

/** Why the check could not run, in words its owner can read. */
function failureReason(error: unknown): string {
  if (error instanceof ProcessingUnavailableError) return `${QC_MESSAGES.unavailable} (${error.message})`;
  if (error instanceof UnusableVideoError) return error.reason;
  if (error instanceof ToolError && error.timedOut) return QC_MESSAGES.tooSlow;
  return QC_MESSAGES.internal;
}

/**
 * The job's work: analyses the video's original (the file its creator uploaded; never a
 * rendition, which would measure our encoder) and stores the checks with the measurements. A
 * video deleted meanwhile is skipped; a check already done (a second copy of the job) is not run
 * again. A file ffmpeg cannot read fails at once; anything else (ffmpeg missing on this worker, a
 * timeout, storage trouble) is thrown to be retried, and the last attempt records the failure
 * with its reason, so a check never stays `pending` for ever.
 */
export async function runVideoQc(
  deps: VideoQcDeps,
  videoId: number,
  { lastAttempt }: { lastAttempt: boolean },
): Promise<void> {
  const db = deps.database.db;
  const video = await findStoredVideo(db, videoId);
  if (!video) return;
  if ((await qcRepo.findQcState(db, videoId))?.status === 'done') return;
  let source: { path: string; release(): Promise<void> } | undefined;
  try {
    let tools: ReturnType<typeof resolveMediaBinaries>;
    try {
      tools = resolveMediaBinaries(deps.config);
    } catch (error) {
      throw new ProcessingUnavailableError((error as Error).message);
    }
    source = await deps.storage.localCopy(video.originalKey);
    // The container the upload was sniffed as when it arrived: ffmpeg reads it as that, nothing else.
    const report = await analyseVideo(tools, source.path, video.originalType as SniffedVideoType);
    await qcRepo.saveQc(db, videoId, { status: 'done', ...report });
  } catch (error) {
    if (!lastAttempt && !(error instanceof UnusableVideoError)) throw error;
    if (!(error instanceof UnusableVideoError))
      deps.log.error({ err: error, videoId }, 'the technical check failed for good');
    await qcRepo.saveQc(db, videoId, { status: 'failed', error: qcFailure(failureReason(error)) });
  } finally {
    await source?.release();
  }
}
