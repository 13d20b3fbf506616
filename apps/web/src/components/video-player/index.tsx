import { lazy, Suspense, useState } from 'react';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, IconButton } from '@mui/material';
import type { VideoPlayerProps } from './video-player';

export type { VideoPlayerProps } from './video-player';

// The player (and hls.js, which it loads only when the browser needs it) is its own chunk: pages
// without a video never download it, and the public pages' JavaScript does not grow.
const Player = lazy(() => import('./video-player'));

/**
 * The video player for every page that plays a video (the video page, the review queue,
 * entries): HLS through hls.js where the browser has no native HLS, native HLS in Safari, the MP4
 * otherwise; captions selectable; operable by keyboard. Loaded on first use.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const [asked, setAsked] = useState(false);
  if (props.onDemand && !asked)
    return (
      <Poster poster={props.poster} label={`Poster of ${props.title}`}>
        <IconButton
          onClick={() => setAsked(true)}
          aria-label={`Play ${props.title}`}
          sx={{
            bgcolor: 'rgba(0, 0, 0, 0.6)',
            color: 'common.white',
            width: 64,
            height: 64,
            '&:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' },
          }}
        >
          <PlayArrowIcon fontSize="large" />
        </IconButton>
      </Poster>
    );
  return (
    <Suspense fallback={<Poster poster={props.poster} label={`Loading the player for ${props.title}`} />}>
      <Player {...props} />
    </Suspense>
  );
}

/** The film's poster where its player will be: while the player loads, or until it is asked for. */
function Poster({
  poster,
  label,
  children,
}: {
  poster: string | null;
  label: string;
  children?: React.ReactNode;
}) {
  return (
    <Box
      role={children ? undefined : 'img'}
      aria-label={children ? undefined : label}
      sx={{
        width: '100%',
        height: '100%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'common.black',
        backgroundImage: poster ? `url("${poster}")` : undefined,
        backgroundSize: 'contain',
        backgroundPosition: 'center',
        backgroundRepeat: 'no-repeat',
      }}
    >
      {children}
    </Box>
  );
}
