import { useEffect, useRef, useState } from 'react';
import type { VideoPlayback } from '@app/domain';
import { unsignedUrl } from '../../lib/signed-media';

/**
 * What the player plays, from URLs the page may renew. Signed URLs (a video not approved yet) are
 * renewed by the page every few minutes. What plays keeps the URLs it started with — a new src
 * would restart it — and its later requests (HLS playlists and segments, or a reload after an
 * error) go out under the newest signature.
 */
export function useSignedSources(latestPlayback: VideoPlayback | null, latestOriginalUrl: string | null) {
  const [playing, setPlaying] = useState({ playback: latestPlayback, originalUrl: latestOriginalUrl });
  if (
    unsignedUrl(playing.playback?.hls_url) !== unsignedUrl(latestPlayback?.hls_url) ||
    unsignedUrl(playing.originalUrl) !== unsignedUrl(latestOriginalUrl)
  )
    setPlaying({ playback: latestPlayback, originalUrl: latestOriginalUrl });
  const { playback, originalUrl } = playing;
  /** The newest signed URL, for requests made after the source was set. */
  const newestSigned = useRef<string | null>(null);
  useEffect(() => {
    newestSigned.current = latestPlayback?.hls_url ?? latestOriginalUrl;
  }, [latestPlayback, latestOriginalUrl]);
  /** Where to resume after a reload onto renewed URLs (native HLS and MP4). */
  const resumeAt = useRef<number | null>(null);

  /**
   * An expired signature: play on from the same moment under the renewed URLs. False when the
   * URLs playing are the newest, so the error is the media's own.
   */
  const reloadRenewed = (video: HTMLVideoElement): boolean => {
    if (latestPlayback === playback && latestOriginalUrl === originalUrl) return false;
    resumeAt.current = video.currentTime;
    setPlaying({ playback: latestPlayback, originalUrl: latestOriginalUrl });
    return true;
  };

  /** Once the reloaded source's metadata is in: back to where it was, playing. */
  const resume = (video: HTMLVideoElement) => {
    if (resumeAt.current === null) return;
    video.currentTime = resumeAt.current;
    resumeAt.current = null;
    void video.play().catch(() => undefined);
  };

  return { playback, originalUrl, newestSigned, reloadRenewed, resume };
}
