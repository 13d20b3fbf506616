import { useRef } from 'react';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { CHAIR_ACCENTS, ChairIllustration } from '../../../components/chair-illustration';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';

/** Shot ideas for the X7 (Zen) film; each frame is drawn, not downloaded (DESIGN.md). */
const FRAMES = [
  { title: 'Golden-hour recline', note: 'Side light, slow tilt back to 155°, footrest rising into frame.' },
  { title: 'Desk to stillness', note: 'Match cut from a cluttered screen to eyes closed in the headrest.' },
  { title: 'The massage beat', note: 'Macro on the lumbar panel, shallow focus, breath on the soundtrack.' },
  { title: 'Top-down reset', note: 'Overhead: the desk clears as the chair turns toward the window.' },
  { title: 'Slow push-in', note: 'Dolly toward the X7 in a dark room, a single practical lamp.' },
];

/** The X7 inspiration carousel of the detail page: scroll-snapping frames with previous/next. */
export function InspirationCarousel() {
  const track = useRef<HTMLDivElement>(null);
  const reduce = useReducedMotion();
  const accent = CHAIR_ACCENTS.X7;
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    <Box component="section" aria-roledescription="carousel" aria-label="X7 inspiration">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography component="h2" variant="h3">
          X7 inspiration
        </Typography>
        <Stack direction="row" spacing={1}>
          <IconButton aria-label="Previous frames" onClick={() => scroll(-1)}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton aria-label="Next frames" onClick={() => scroll(1)}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      </Stack>
      <Box
        ref={track}
        tabIndex={0}
        sx={{
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: { xs: '85%', sm: '45%', md: '31%' },
          gap: 2,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          pb: 1,
          scrollbarWidth: 'thin',
        }}
      >
        {FRAMES.map((frame, i) => (
          <Box
            key={frame.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${FRAMES.length}: ${frame.title}`}
            sx={{ scrollSnapAlign: 'start' }}
          >
            <Box
              sx={(theme) => ({
                position: 'relative',
                aspectRatio: '16 / 9',
                borderRadius: 3,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
                background: `radial-gradient(ellipse at ${20 + i * 15}% 30%, ${accent}40 0%, transparent 55%), linear-gradient(180deg, ${theme.palette.background.paper}, ${theme.palette.background.default})`,
                // Letterbox bars: the frame reads as a film still.
                '&::before, &::after': {
                  content: '""',
                  position: 'absolute',
                  left: 0,
                  right: 0,
                  height: '9%',
                  bgcolor: 'background.default',
                },
                '&::before': { top: 0 },
                '&::after': { bottom: 0 },
              })}
            >
              <Box sx={{ position: 'absolute', right: '6%', bottom: '10%', width: '34%' }}>
                <ChairIllustration code="X7" tile={false} title="X7 SMART chair" />
              </Box>
              <Typography
                variant="caption"
                sx={{
                  position: 'absolute',
                  left: '5%',
                  top: '12%',
                  color: 'text.secondary',
                  letterSpacing: '0.2em',
                }}
              >
                SHOT {String(i + 1).padStart(2, '0')}
              </Typography>
            </Box>
            <Typography component="h3" variant="h6" sx={{ mt: 1.5 }}>
              {frame.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {frame.note}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
