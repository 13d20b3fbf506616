import { Box, Container, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { PAST_BRANDS } from '../data/brands';
import { BrandWordmark } from './brand-wordmark';

const slide = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

/**
 * The strip of the 9 brands creators have filmed for, scrolling continuously (the list is drawn
 * twice so the loop is seamless). It stops under prefers-reduced-motion and on hover.
 */
export function BrandLogoStrip() {
  return (
    <Box
      component="section"
      aria-labelledby="brands-title"
      sx={{ py: { xs: 4, md: 6 }, borderBlock: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="lg">
        <Typography
          id="brands-title"
          component="h2"
          variant="overline"
          color="textSecondary"
          sx={{ display: 'block', textAlign: 'center', mb: 3 }}
        >
          Brands our creators have filmed for
        </Typography>
      </Container>
      <Box
        sx={{
          overflow: 'hidden',
          maskImage: 'linear-gradient(90deg, transparent, #000 10%, #000 90%, transparent)',
        }}
      >
        <Box
          data-testid="logo-strip-track"
          sx={{
            display: 'flex',
            width: 'max-content',
            animation: `${slide} 40s linear infinite`,
            '&:hover': { animationPlayState: 'paused' },
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          {[0, 1].map((copy) => (
            <Box
              key={copy}
              component="ul"
              aria-hidden={copy === 1 || undefined}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: { xs: 6, md: 10 },
                listStyle: 'none',
                m: 0,
                p: 0,
                pr: { xs: 6, md: 10 },
              }}
            >
              {PAST_BRANDS.map((brand) => (
                <Box component="li" key={brand.name} sx={{ opacity: 0.85 }}>
                  <BrandWordmark brand={brand} />
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
