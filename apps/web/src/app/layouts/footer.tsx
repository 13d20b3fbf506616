import { Link as RouterLink } from 'react-router';
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { paths } from '../../config/paths';

const links = [
  { label: 'How It Works', to: paths.howItWorks },
  { label: 'Contests', to: paths.contests },
  { label: 'Video Library', to: paths.library },
  { label: 'Rules', to: paths.rules },
  { label: 'Privacy', to: paths.privacy },
  { label: 'Agreement', to: paths.agreement },
  { label: 'Contact', to: paths.contact },
  { label: 'FAQ', to: paths.faq },
];

/** Footer with the not-affiliated disclaimer and the copyright notice (spec §1). */
export function Footer() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: 8, py: 6 }}>
      <Container maxWidth="lg">
        <Stack component="nav" aria-label="Footer" direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 3 }}>
          {links.map((link) => (
            <Link key={link.to} component={RouterLink} to={link.to} color="text.secondary" sx={{ color: 'text.secondary' }}>
              {link.label}
            </Link>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 760 }}>
          This site is not affiliated with, endorsed by, or sponsored by Instagram, TikTok, YouTube,
          Facebook or any other social media platform.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          © 2025 Cinematic Contests. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
