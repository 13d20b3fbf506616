import { useCallback, useId, useRef } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import type { VideoPlayback } from '@app/domain';
import { CaptionMenu, languageName } from './caption-menu';
import { trackPlays } from './play-beacons';
import { handlePlayerKey } from './player-keys';
import { usePlaybackEngine } from './use-playback-engine';
import { useCaptionChoice } from './use-caption-choice';
import { useSignedSources } from './use-signed-sources';

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
  /**
   * A page of many films (the audience gallery) loads no player until a visitor asks for one:
   * the poster with a Play button stands in, and the player it becomes starts playing.
   */
  onDemand?: boolean;
}

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
  onDemand = false,
}: VideoPlayerProps) {
  const { playback, originalUrl, newestSigned, reloadRenewed, resume } = useSignedSources(
    latestPlayback,
    latestOriginalUrl,
  );
  const videoRef = useRef<HTMLVideoElement>(null);
  const { engine, fallback, fail } = usePlaybackEngine(videoRef, playback, newestSigned);
  // Caption tracks load when first shown: they take the newest URLs.
  const captions = latestPlayback?.captions ?? [];
  const { caption, chooseCaption, toggleCaptions } = useCaptionChoice(videoRef, captions);
  const captionsId = useId();
  const hintId = useId();
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
        // Asked for by a click on its stand-in (`onDemand`): it plays as soon as it can.
        autoPlay={onDemand}
        preload="metadata"
        crossOrigin="anonymous"
        tabIndex={0}
        poster={(playback?.poster_url ?? poster) || undefined}
        src={src}
        data-engine={playback ? (fallback ? 'mp4' : (engine ?? '')) : 'original'}
        aria-label={`Video: ${title}`}
        aria-describedby={hintId}
        onKeyDown={(event) => handlePlayerKey(event, captions.length ? toggleCaptions : null)}
        onError={(event) => {
          if (reloadRenewed(event.currentTarget)) return;
          if (!fallback && (!playback || engine !== 'hls.js')) fail();
        }}
        onLoadedMetadata={(event) => resume(event.currentTarget)}
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
        <CaptionMenu id={captionsId} captions={captions} value={caption} onChange={chooseCaption} />
      )}
      {fallback && !playback && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          This browser cannot play the original file; showing the preview.
        </Typography>
      )}
    </Stack>
  );
}
