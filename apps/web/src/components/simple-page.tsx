import { useEffect, type ReactNode } from 'react';
import { Container, Typography } from '@mui/material';

const SITE = 'Cinematic Contests';

/** Sets the document title ('Page · Cinematic Contests', or the site name alone). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : SITE;
  }, [title]);
}

/** A plain text page: one h1 and its content. */
export function SimplePage({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <Typography component="h1" variant="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
