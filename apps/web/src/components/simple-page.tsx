import type { ReactNode } from 'react';
import { Container, Typography } from '@mui/material';
import { usePageTitle } from '../lib/page-title';

export { usePageTitle };

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
