import { useRef } from 'react';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { ContestResponse } from '@app/domain';
import { ProductImage, productAccent } from '../../../components/product-image';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { productTitle } from '../lib/products';

/**
 * The inspiration carousel of the detail page (the chair contest's: X7), from the contest's
 * landing content: scroll-snapping shot ideas with previous/next; each frame is drawn, not
 * downloaded (DESIGN.md). Nothing when the contest has none.
 */
export function InspirationCarousel({ contest }: { contest: ContestResponse }) {
  const track = useRef<HTMLDivElement>(null);
  const reduce = useReducedMotion();
  const inspiration = contest.landing.inspiration;
  const index = contest.products.findIndex((p) => p.code === inspiration?.product_code);
  const product = contest.products[index];
  if (!inspiration || !product) return null;
  const accent = productAccent(index);
  const frames = inspiration.frames;
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    <Box component="section" aria-roledescription="carousel" aria-label={inspiration.title}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography component="h2" variant="h3">
          {inspiration.title}
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
        {frames.map((frame, i) => (
          <Box
            key={frame.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${frames.length}: ${frame.title}`}
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
                <ProductImage
                  src={product.image_url}
                  tile={false}
                  accent={accent}
                  title={productTitle(contest, product)}
                />
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
