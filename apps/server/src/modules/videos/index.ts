/** The videos module's public face: what other modules and the app may use. */
export { videoOriginal, type VideoOriginal } from './original-digest';
export { checkStoredFileQuota, tusDirectory, type QuotaPorts } from './upload-quota';
export {
  approvedVideoIdsAmong,
  createVideoVisibility,
  playableVideosOf,
  processingTimesByDay,
  reviewQueueAges,
  uploadsByDay,
  videoIdsOfOwner,
  videoTitlesOf,
  type PlayableVideo,
} from './video-reads';
export { startVideoJobHandlers } from './videos.jobs';
export { type VideosPorts } from './videos.ports';
export { toPlayback } from './videos.presenter';
export { videosRoutes } from './videos.routes';
export {
  countOwnVideos,
  createVideosService,
  ownVideosOf,
  refreshCreatorVideoSearch,
  videoTitlesAndViewsOf,
  type OwnVideo,
  type VideosServiceDeps,
} from './videos.service';
export { staffVideosRoutes } from './videos.staff.routes';
export { createVideoLibrary, type VideoLibrary } from './library';
export type { VideosService } from './videos.service';
