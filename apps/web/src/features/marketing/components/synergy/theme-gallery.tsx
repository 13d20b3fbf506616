import { Box, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import type { LandingConcept } from '@app/domain';
import { GradientStill } from '../artwork';
import { useReducedMotion } from '../../../../hooks/use-reduced-motion';

const drift = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

/** What a gallery shows: the concept's name, an id for the page, and its theme cards. */
export interface GalleryConcept {
  id: string;
  name: string;
  themes: LandingConcept['themes'];
}

/**
 * A concept's theme cards, drifting sideways on their own (drawn twice for a seamless loop).
 * Hover pauses it; under prefers-reduced-motion it stands still and scrolls by hand.
 */
export function ThemeGallery({
  concept,
  tone,
  reverse = false,
}: {
  concept: GalleryConcept;
  tone: number;
  reverse?: boolean;
}) {
  const reduced = useReducedMotion();
  return (
    <Box
      // Standing still it scrolls by hand, so it takes keyboard focus (arrow keys scroll it).
      {...(reduced && { tabIndex: 0, role: 'region', 'aria-label': `${concept.name} themes, scrollable` })}
      sx={{
        overflow: 'hidden',
        maskImage: 'linear-gradient(90deg, transparent, #000 6%, #000 94%, transparent)',
        '@media (prefers-reduced-motion: reduce)': { overflowX: 'auto', maskImage: 'none' },
      }}
    >
      <Box
        data-testid={`theme-gallery-${concept.id}`}
        sx={{
          display: 'flex',
          width: 'max-content',
          animation: `${drift} 48s linear infinite`,
          animationDirection: reverse ? 'reverse' : 'normal',
          '&:hover': { animationPlayState: 'paused' },
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        {[0, 1].map((copy) => (
          <Box
            key={copy}
            component="ul"
            aria-label={copy === 0 ? `${concept.name} themes` : undefined}
            aria-hidden={copy === 1 || undefined}
            sx={{ display: 'flex', gap: 2, listStyle: 'none', m: 0, p: 0, pr: 2 }}
          >
            {concept.themes.map((theme, i) => (
              <Box
                component="li"
                key={theme.title}
                sx={{
                  width: 240,
                  flex: '0 0 auto',
                  p: 1.5,
                  borderRadius: 1,
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <GradientStill tone={tone + (i % 2) * 3} seed={i + tone * 5} label="" />
                <Typography component="h4" variant="h6" sx={{ mt: 1.5 }}>
                  {theme.title}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {theme.text}
                </Typography>
              </Box>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
