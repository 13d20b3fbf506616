import { Link as RouterLink } from 'react-router';
import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { formatMoney, LIMITS } from '@app/domain';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { themeTokens } from '../../../theme';
import { letterboxOffPhone, LoopingVideo } from './looping-video';

/** The home page's banner video with the headline and the one primary action. */
export function HeroBanner() {
  const session = useSession();
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        height: { xs: 560, md: 640 },
        display: 'flex',
        alignItems: 'flex-end',
        bgcolor: themeTokens.deep,
      }}
    >
      <LoopingVideo eager src="/showcase/hero.mp4" poster="/showcase/hero.jpg" sx={letterboxOffPhone} />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          background: `linear-gradient(180deg, transparent 20%, ${themeTokens.scrim} 60%, ${themeTokens.background} 100%)`,
        }}
      />
      <Container maxWidth="lg" sx={{ position: 'relative', pb: { xs: 6, md: 10 } }}>
        <Typography variant="overline" sx={{ color: 'primary.main', letterSpacing: '0.2em' }}>
          Brand-sponsored video contests
        </Typography>
        <Typography id="hero-title" component="h1" variant="h1" sx={{ maxWidth: 820, mt: 1 }}>
          Shoot the ad a brand would be proud of. Win for it.
        </Typography>
        <Typography
          sx={{ color: 'text.secondary', maxWidth: 620, mt: 2, fontSize: { xs: '1rem', md: '1.125rem' } }}
        >
          Brands send their product to selected filmmakers. You make the cinematic ad, their team and ours
          judge it, and the best film wins. This season:{' '}
          {formatMoney(LIMITS.prizeUsd * 100, 'USD', { wholeUnits: true, code: true })} from Hbada.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
          {session ? (
            <Button component={RouterLink} to={paths.dashboard} variant="contained" size="large">
              Go to your dashboard
            </Button>
          ) : (
            <Button component={RouterLink} to={paths.signup} variant="contained" size="large">
              Sign up as a creator
            </Button>
          )}
          <Button
            component={RouterLink}
            to={paths.hbadaSynergy}
            variant="outlined"
            color="inherit"
            size="large"
          >
            See the Hbada contest
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
