import { Link as RouterLink } from 'react-router';
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { paths } from '../../config/paths';
import { Logo } from '../../components/logo';
import { useCurrentYear } from '../../hooks/use-current-year';

const links = [
  { label: 'How It Works', to: paths.howItWorks },
  { label: 'Contests', to: paths.contests },
  { label: 'Video Library', to: paths.library },
  { label: 'About', to: paths.about },
  { label: 'FAQ', to: paths.faq },
  { label: 'Contact', to: paths.contact },
  { label: 'Rules', to: paths.rules },
  { label: 'Privacy', to: paths.privacy },
  { label: 'Agreement', to: paths.agreement },
  { label: 'Terms', to: paths.terms },
];

/** Footer with the not-affiliated disclaimer and the copyright notice (spec §1). */
export function Footer() {
  const year = useCurrentYear();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: { xs: 6, md: 8 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            gap: { xs: 3, md: 8 },
            justifyContent: 'space-between',
          }}
        >
          <Box sx={{ maxWidth: 360 }}>
            <Logo />
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
              Brand-sponsored video contests for filmmakers: apply, get the product, shoot the ad, win.
            </Typography>
          </Box>
          <Stack
            component="nav"
            aria-label="Footer"
            direction="row"
            sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, maxWidth: 520, alignContent: 'flex-start' }}
          >
            {links.map((link) => (
              <Link
                key={link.to}
                component={RouterLink}
                to={link.to}
                underline="hover"
                sx={{
                  color: 'text.secondary',
                  minHeight: 44,
                  display: 'inline-flex',
                  alignItems: 'center',
                  '&:hover': { color: 'text.primary' },
                }}
              >
                {link.label}
              </Link>
            ))}
          </Stack>
        </Box>
        <Box sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="body2" color="textSecondary" sx={{ maxWidth: 760 }}>
            This site is not affiliated with, endorsed by, or sponsored by Instagram, TikTok, YouTube,
            Facebook or any other social media platform.
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            © {year} Cinematic Contests. All rights reserved.
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
