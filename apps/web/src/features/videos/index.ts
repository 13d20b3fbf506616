/** What pages outside the feature use. */
export { UploadVideoDialog, type UploadVideoDialogProps } from './components/upload-video-dialog';
export { videosQueryKey } from './api/get-videos';
export { VideoQcReport, type VideoQcReportProps } from './components/video-qc-report';
