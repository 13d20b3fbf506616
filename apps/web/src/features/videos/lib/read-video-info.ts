export interface VideoFileInfo {
  durationSeconds: number;
  width: number;
  height: number;
}

/**
 * Reads a local file's duration and picture size in the browser before anything is sent, so a
 * creator sees a wrong file at once. Null when this browser cannot decode the format (e.g. HEVC
 * on some desktops) — the server still checks it.
 */
export function readVideoInfo(file: Blob, timeoutMs = 8000): Promise<VideoFileInfo | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function')
    return Promise.resolve(null);
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const finish = (info: VideoFileInfo | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(info);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      finish(
        Number.isFinite(video.duration) && video.videoWidth > 0
          ? { durationSeconds: video.duration, width: video.videoWidth, height: video.videoHeight }
          : null,
      );
    video.onerror = () => finish(null);
    video.src = url;
  });
}
