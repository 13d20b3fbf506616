import { defineJob } from './queue';

/**
 * A video's processing settled: it became playable (`ready`) or failed for good. Sent by the
 * videos module; whoever waits on a video (contest entries) takes it, in any process.
 */
export const videoSettledJob = defineJob<{ videoId: number; status: 'ready' | 'failed' }>({
  name: 'video-settled',
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
});
