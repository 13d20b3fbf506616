import type { ReactNode } from 'react';
import { Box, Container, Paper, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../../lib/page-title';

/**
 * The frame of every account screen: one centred card with a heading and an optional icon; the
 * heading is also the page's title.
 */
export function AuthCard({
  title,
  subtitle,
  icon,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 10 }, px: { xs: 2, sm: 3 } }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, bgcolor: 'background.paper', borderColor: 'divider', borderRadius: 3 }}
      >
        <Stack spacing={3}>
          <Stack
            spacing={1.5}
            sx={{ alignItems: icon ? 'center' : 'flex-start', textAlign: icon ? 'center' : 'left' }}
          >
            {icon ? (
              <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 56 } }}>
                {icon}
              </Box>
            ) : null}
            <Typography component="h1" variant="h3">
              {title}
            </Typography>
            {subtitle ? (
              <Typography variant="body1" sx={{ color: 'text.secondary' }}>
                {subtitle}
              </Typography>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
