import { useRef } from 'react';
import { Box, Typography } from '@mui/material';
import { useInView } from '../../../../hooks/use-in-view';
import { Section } from '../section';

/** The embedded guidelines film: 16:9 box reserved up front, source loaded near the viewport. */
export function GuidelinesVideo() {
  const ref = useRef<HTMLVideoElement>(null);
  const near = useInView(ref);
  return (
    <Section
      id="guidelines"
      eyebrow="Guidelines"
      title="Watch the brief in a minute"
      intro="Three scenes, one story: the guidelines film walks through the structure every entry follows."
    >
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '16 / 9',
          maxWidth: 960,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'common.black',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Box
          component="video"
          ref={ref}
          controls
          muted
          playsInline
          preload="metadata"
          poster="/showcase/guidelines.jpg"
          src={near ? '/showcase/guidelines.mp4' : undefined}
          aria-label="Guidelines video"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' }}
        >
          <track kind="captions" srcLang="en" label="English" src="/showcase/guidelines.vtt" default />
        </Box>
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
        The film has no sound; its captions repeat the text on screen.
      </Typography>
    </Section>
  );
}
