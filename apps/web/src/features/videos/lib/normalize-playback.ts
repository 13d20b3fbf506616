import type { Video } from '@app/domain';
import { normalizeVideo, type LibraryVideo } from './normalize-video';

/**
 * A video as its page shows it: the library's fields plus what only the page needs (issue 16),
 * read here so the library's cards do not carry this code.
 */
export interface VideoPageData extends LibraryVideo {
  /** HLS, MP4 fallback and captions once the first rendition is ready. */
  playback: Video['playback'];
  /** Where this reader may download the original; null when they may not. */
  downloadUrl: Video['download_url'];
  /** The owner's user id (null where the answer names none): the owner sees the technical check. */
  creatorId: number | null;
}

type Raw = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** `playback` when it has what the player needs (an HLS master and an MP4), else null. */
function readPlayback(value: unknown): Video['playback'] {
  const playback = value as Raw | null | undefined;
  if (!playback || typeof playback !== 'object') return null;
  const hls = str(playback.hls_url);
  const mp4 = str(playback.mp4_url);
  if (!hls || !mp4) return null;
  const list = (items: unknown) => (Array.isArray(items) ? (items as Raw[]) : []);
  return {
    hls_url: hls,
    mp4_url: mp4,
    poster_url: str(playback.poster_url),
    renditions: list(playback.renditions).map((r) => ({
      height: num(r.height) ?? 0,
      width: num(r.width) ?? 0,
      bandwidth: num(r.bandwidth) ?? 0,
    })),
    captions: list(playback.captions)
      .filter((c) => str(c.language) && str(c.url))
      .map((c) => ({ language: str(c.language)!, url: str(c.url)! })),
  };
}

export function normalizeVideoPage(video: Video): VideoPageData {
  const raw: Raw = video;
  return {
    ...normalizeVideo(video),
    playback: readPlayback(raw.playback),
    downloadUrl: str(raw.download_url),
    creatorId: typeof raw.creator_id === 'number' ? raw.creator_id : null,
  };
}
