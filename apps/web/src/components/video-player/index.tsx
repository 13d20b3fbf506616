import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
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
  return (
    <Suspense
      fallback={
        <Box
          role="img"
          aria-label={`Loading the player for ${props.title}`}
          sx={{
            width: '100%',
            height: '100%',
            bgcolor: 'common.black',
            backgroundImage: props.poster ? `url("${props.poster}")` : undefined,
            backgroundSize: 'contain',
            backgroundPosition: 'center',
            backgroundRepeat: 'no-repeat',
          }}
        />
      }
    >
      <Player {...props} />
    </Suspense>
  );
}
