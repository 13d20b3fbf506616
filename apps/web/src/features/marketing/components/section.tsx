import type { ReactNode } from 'react';
import { Box, Container, Typography, type SxProps, type Theme } from '@mui/material';

interface SectionProps {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  /** Page title (h1) instead of a section title (h2): for the pages that are one section. */
  asPageTitle?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * Long pages render their sections only when they near the viewport: the browser skips their
 * layout and paint until then (each relayout while the page loads, e.g. when the web fonts
 * arrive, costs a screen instead of the whole page). Until a section has been shown once, it
 * counts as this tall.
 */
export const renderWhenNear = { contentVisibility: 'auto', containIntrinsicSize: 'auto 720px' } as const;

/** A marketing section: the 8 px rhythm, the content width and one heading. */
export function Section({ id, eyebrow, title, intro, children, asPageTitle, sx }: SectionProps) {
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ py: { xs: 8, md: 12 }, ...renderWhenNear, ...sx }}
    >
      <Container maxWidth="lg">
        {eyebrow && (
          <Typography
            variant="overline"
            sx={{ color: 'primary.main', letterSpacing: '0.2em', display: 'block' }}
          >
            {eyebrow}
          </Typography>
        )}
        <Typography
          id={`${id}-title`}
          component={asPageTitle ? 'h1' : 'h2'}
          variant="h2"
          sx={{ maxWidth: 760 }}
        >
          {title}
        </Typography>
        {intro && (
          <Typography
            component="div"
            sx={{ color: 'text.secondary', maxWidth: 680, mt: 2, fontSize: '1.0625rem' }}
          >
            {intro}
          </Typography>
        )}
        {children && <Box sx={{ mt: { xs: 4, md: 6 } }}>{children}</Box>}
      </Container>
    </Box>
  );
}
