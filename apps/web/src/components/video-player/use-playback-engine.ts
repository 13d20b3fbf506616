import { useEffect, useState, type RefObject } from 'react';
import type { VideoPlayback } from '@app/domain';
// Types only: the library itself is imported when a video needs it (below).
import type Hls from 'hls.js/light';
import { renewSignedUrl } from '../../lib/signed-media';

/** How this browser plays the HLS master. */
export type Engine = 'hls.js' | 'native' | 'mp4';

/** Safari's own HLS (AirPlay, picture in picture, power use) is preferred where it exists. */
function isAppleWebKit(): boolean {
  return typeof navigator !== 'undefined' && navigator.vendor.startsWith('Apple');
}

function chooseEngine(video: HTMLVideoElement): Engine {
  const nativeHls = video.canPlayType('application/vnd.apple.mpegurl') !== '';
  if (nativeHls && isAppleWebKit()) return 'native';
  if (typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window))
    return 'hls.js';
  return nativeHls ? 'native' : 'mp4';
}

/**
 * How the playback plays in this browser (`engine`), with hls.js attached where it is the way,
 * and `fallback` once HLS (or the original) failed for good: then the MP4 (or, without playback,
 * the preview) plays.
 */
export function usePlaybackEngine(
  videoRef: RefObject<HTMLVideoElement | null>,
  playback: VideoPlayback | null,
  newestSigned: RefObject<string | null>,
) {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [fallback, setFallback] = useState(false);

  // Decide how to play once the element exists (the browser's abilities are not known before).
  useEffect(() => {
    if (videoRef.current && playback) setEngine(chooseEngine(videoRef.current));
  }, [videoRef, playback]);

  // hls.js: loaded only here, only for browsers that need it.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !playback || engine !== 'hls.js' || fallback) return;
    let destroyed = false;
    let hls: Hls | undefined;
    void import('hls.js/light').then(({ default: HlsPlayer }) => {
      if (destroyed) return;
      if (!HlsPlayer.isSupported()) {
        setFallback(true);
        return;
      }
      const player = new HlsPlayer({
        // Start at a rendition that fits the player and the measured bandwidth; switch as it changes.
        startLevel: -1,
        capLevelToPlayerSize: true,
        maxBufferLength: 30,
        // Every playlist and segment request under the newest signature (renewed by the page).
        xhrSetup: (xhr, url) => {
          const renewed = renewSignedUrl(url, newestSigned.current);
          if (renewed !== url) xhr.open('GET', renewed, true);
        },
      });
      hls = player;
      let recoveries = 0;
      player.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR && recoveries++ < 2) player.recoverMediaError();
        else setFallback(true);
      });
      player.loadSource(playback.hls_url);
      player.attachMedia(video);
    });
    return () => {
      destroyed = true;
      hls?.destroy();
    };
  }, [videoRef, newestSigned, engine, fallback, playback]);

  return { engine, fallback, fail: () => setFallback(true) };
}
