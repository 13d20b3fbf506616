import { useEffect, useRef } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { useInView } from '../../../hooks/use-in-view';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';

interface LoopingVideoProps {
  src: string;
  poster: string;
  /** Above the fold: the source is set at once; otherwise only when the video nears the viewport. */
  eager?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A muted, looping, decorative background clip. It fills its box (the parent reserves the size,
 * so nothing shifts when it loads), shows its poster first, loads metadata only, and stays a still
 * poster under prefers-reduced-motion.
 */
export function LoopingVideo({ src, poster, eager = false, sx }: LoopingVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const near = useInView(ref);
  const reduced = useReducedMotion();
  const load = (eager || near) && !reduced;
  useEffect(() => {
    const video = ref.current;
    // A prerendered banner starts playing before the scripts know the reader's preference. Taking
    // its source attribute away (the render does) does not stop what it loaded: pause it and
    // load nothing, which shows the poster again.
    if (!reduced || !video?.currentSrc) return;
    video.pause();
    video.removeAttribute('src');
    video.load();
  }, [reduced]);
  return (
    <Box
      component="video"
      ref={ref}
      aria-hidden
      // A banner's poster is its page's largest paint: the page fetches it first.
      data-first-poster={eager ? '' : undefined}
      tabIndex={-1}
      muted
      loop
      playsInline
      autoPlay={load}
      preload="metadata"
      poster={poster}
      src={load ? src : undefined}
      sx={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        display: 'block',
        ...sx,
      }}
    />
  );
}

/**
 * The banner clips carry cinematic letterbox bars; on a tall phone-sized banner they would read as
 * empty bands, so the clip is zoomed just enough to push them out of the frame there.
 */
export const letterboxOffPhone = { transform: { xs: 'scale(1.25)', md: 'none' } } as const;
