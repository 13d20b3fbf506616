import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { VideoPlayback } from '@app/domain';
// Types only: the library itself is imported when a video needs it (below).
import type Hls from 'hls.js/light';

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
  playback,
  originalUrl,
  previewUrl,
  poster,
  title,
  onMediaElement,
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [engine, setEngine] = useState<Engine | null>(null);
  /** Set when HLS failed for good: play the MP4 (or, without playback, the preview). */
  const [fallback, setFallback] = useState(false);
  const [caption, setCaption] = useState('off');
  const [lastCaption, setLastCaption] = useState<string | null>(null);
  const captionsId = useId();
  const hintId = useId();
  const captions = playback?.captions ?? [];
  // A stable callback ref: the page hears of the element once per mount, not on every render.
  const setVideoElement = useCallback(
    (element: HTMLVideoElement | null) => {
      videoRef.current = element;
      onMediaElement?.(element);
    },
    [onMediaElement],
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
        onError={() => {
          if (!fallback && (!playback || engine !== 'hls.js')) setFallback(true);
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
            key={track.url}
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
