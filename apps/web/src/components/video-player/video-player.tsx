import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { VideoPlayback } from '@app/domain';
// Types only: the library itself is imported when a video needs it (below).
import type Hls from 'hls.js/light';
import { renewSignedUrl, unsignedUrl } from '../../lib/signed-media';
import { trackPlays } from './play-beacons';

export interface VideoPlayerProps {
  /** What the API says to play; null while the first rendition is being made (or for old videos). */
  playback: VideoPlayback | null;
  /** Played when there is no playback yet: the original upload… */
  originalUrl: string | null;
  /** …and, if the browser cannot decode that, the H.264 preview clip. */
  previewUrl: string | null;
  poster: string | null;
  title: string;
  /**
   * Called with the <video> element when it is mounted (and null when it goes), for pages that
   * read the current time or seek (an entry's time-stamped review notes).
   */
  onMediaElement?: (video: HTMLVideoElement | null) => void;
  /** Set where plays count (issue 33): the player sends play beacons for this video. */
  videoId?: number;
}

/** How this browser plays the HLS master. */
type Engine = 'hls.js' | 'native' | 'mp4';

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

/** 'pt-BR' → 'Portuguese (Brazil)' in the reader's language; the tag itself if unknown. */
function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames([navigator.language || 'en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

const SEEK_SECONDS = 5;

/**
 * The player: native controls (keyboard operable and labelled by the browser), a labelled caption
 * menu, and keys on the focused video: Space or K play and pause, ←/→ seek 5 s, M mutes, C turns
 * captions on and off.
 */
export default function VideoPlayer({
  playback: latestPlayback,
  originalUrl: latestOriginalUrl,
  previewUrl,
  poster,
  title,
  onMediaElement,
  videoId,
}: VideoPlayerProps) {
  // Signed URLs (a video not approved yet) are renewed by the page every few minutes. What plays
  // keeps the URLs it started with — a new src would restart it — and its later requests (HLS
  // playlists and segments, or a reload after an error) go out under the newest signature.
  const [playing, setPlaying] = useState({ playback: latestPlayback, originalUrl: latestOriginalUrl });
  if (
    unsignedUrl(playing.playback?.hls_url) !== unsignedUrl(latestPlayback?.hls_url) ||
    unsignedUrl(playing.originalUrl) !== unsignedUrl(latestOriginalUrl)
  )
    setPlaying({ playback: latestPlayback, originalUrl: latestOriginalUrl });
  const { playback, originalUrl } = playing;
  const newestSigned = useRef<string | null>(null);
  useEffect(() => {
    newestSigned.current = latestPlayback?.hls_url ?? latestOriginalUrl;
  }, [latestPlayback, latestOriginalUrl]);
  /** Where to resume after a reload onto renewed URLs (native HLS and MP4). */
  const resumeAt = useRef<number | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [engine, setEngine] = useState<Engine | null>(null);
  /** Set when HLS failed for good: play the MP4 (or, without playback, the preview). */
  const [fallback, setFallback] = useState(false);
  const [caption, setCaption] = useState('off');
  const [lastCaption, setLastCaption] = useState<string | null>(null);
  const captionsId = useId();
  const hintId = useId();
  // Caption tracks load when first shown: they take the newest URLs.
  const captions = latestPlayback?.captions ?? [];
  // A stable callback ref: the page hears of the element once per mount, not on every render.
  const stopTracking = useRef<(() => void) | null>(null);
  const setVideoElement = useCallback(
    (element: HTMLVideoElement | null) => {
      videoRef.current = element;
      stopTracking.current?.();
      stopTracking.current = element && videoId !== undefined ? trackPlays(element, videoId) : null;
      onMediaElement?.(element);
    },
    [onMediaElement, videoId],
  );

  // Decide how to play once the element exists (the browser's abilities are not known before).
  useEffect(() => {
    if (videoRef.current && playback) setEngine(chooseEngine(videoRef.current));
  }, [playback]);

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
  }, [engine, fallback, playback]);

  // Show the chosen caption track (or none).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Environments without text tracks (jsdom in unit tests) have nothing to show.
    const tracks = video.textTracks as TextTrackList | undefined;
    if (!tracks || typeof tracks.addEventListener !== 'function') return;
    const apply = () => {
      for (const track of Array.from(tracks)) {
        track.mode = track.language === caption ? 'showing' : 'disabled';
      }
    };
    apply();
    tracks.addEventListener('addtrack', apply);
    return () => tracks.removeEventListener('addtrack', apply);
  }, [caption, captions.length]);

  const chooseCaption = (value: string) => {
    setCaption(value);
    if (value !== 'off') setLastCaption(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLVideoElement>) => {
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
        if (!captions.length) return;
        chooseCaption(caption === 'off' ? (lastCaption ?? captions[0]!.language) : 'off');
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  let src: string | undefined;
  if (playback) {
    if (fallback || engine === 'mp4') src = playback.mp4_url;
    else if (engine === 'native') src = playback.hls_url;
  } else {
    src = (fallback ? previewUrl : originalUrl) ?? undefined;
  }

  return (
    <Stack sx={{ width: '100%', height: '100%' }}>
      <Box
        ref={setVideoElement}
        component="video"
        key={playback ? 'playback' : (src ?? 'none')}
        controls
        playsInline
        preload="metadata"
        crossOrigin="anonymous"
        tabIndex={0}
        poster={(playback?.poster_url ?? poster) || undefined}
        src={src}
        data-engine={playback ? (fallback ? 'mp4' : (engine ?? '')) : 'original'}
        aria-label={`Video: ${title}`}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onError={(event) => {
          // An expired signature: play on from the same moment under the renewed URLs.
          if (latestPlayback !== playback || latestOriginalUrl !== originalUrl) {
            resumeAt.current = event.currentTarget.currentTime;
            setPlaying({ playback: latestPlayback, originalUrl: latestOriginalUrl });
            return;
          }
          if (!fallback && (!playback || engine !== 'hls.js')) setFallback(true);
        }}
        onLoadedMetadata={(event) => {
          if (resumeAt.current === null) return;
          event.currentTarget.currentTime = resumeAt.current;
          resumeAt.current = null;
          void event.currentTarget.play().catch(() => undefined);
        }}
        sx={{
          flex: 1,
          minHeight: 0,
          width: '100%',
          display: 'block',
          objectFit: 'contain',
          bgcolor: 'common.black',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
        }}
      >
        {captions.map((track) => (
          <track
            key={track.language}
            kind="subtitles"
            src={track.url}
            srcLang={track.language}
            label={languageName(track.language)}
          />
        ))}
      </Box>
      <Typography id={hintId} variant="caption" sx={{ position: 'absolute', left: -10000 }}>
        Keys: Space or K plays and pauses, the arrow keys seek 5 seconds, M mutes
        {captions.length ? ', C turns captions on and off' : ''}.
      </Typography>
      {captions.length > 0 && (
        <Box sx={{ bgcolor: 'background.paper', px: 2, py: 1 }}>
          <TextField
            select
            size="small"
            id={captionsId}
            label="Captions"
            value={caption}
            onChange={(event) => chooseCaption(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="off">Off</MenuItem>
            {captions.map((track) => (
              <MenuItem key={track.language} value={track.language}>
                {languageName(track.language)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
      {fallback && !playback && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          This browser cannot play the original file; showing the preview.
        </Typography>
      )}
    </Stack>
  );
}
