import type { KeyboardEvent } from 'react';

const SEEK_SECONDS = 5;

/**
 * The keys of a focused video: K plays and pauses, ←/→ seek 5 s, M mutes, C turns captions on and
 * off (`toggleCaptions`, null when the video has none).
 */
export function handlePlayerKey(
  event: KeyboardEvent<HTMLVideoElement>,
  toggleCaptions: (() => void) | null,
): void {
  const video = event.currentTarget;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  // Space is the browser's own on a focused video with controls (handling it too would undo it).
  switch (event.key) {
    case 'k':
    case 'K':
      if (video.paused) void video.play().catch(() => undefined);
      else video.pause();
      break;
    case 'ArrowLeft':
      video.currentTime = Math.max(0, video.currentTime - SEEK_SECONDS);
      break;
    case 'ArrowRight':
      video.currentTime = Math.min(video.duration || Infinity, video.currentTime + SEEK_SECONDS);
      break;
    case 'm':
    case 'M':
      video.muted = !video.muted;
      break;
    case 'c':
    case 'C':
      if (!toggleCaptions) return;
      toggleCaptions();
      break;
    default:
      return;
  }
  event.preventDefault();
}
