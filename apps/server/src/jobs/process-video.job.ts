import { defineJob } from './queue';

/** Turns an uploaded video into metadata, a poster and a looping preview. */
export const processVideoJob = defineJob<{ videoId: number }>({
  name: 'process-video',
  retryLimit: 2,
  retryDelaySeconds: 20,
  // Each ffmpeg step has its own shorter limit; this is the backstop.
  expireInSeconds: 15 * 60,
});
