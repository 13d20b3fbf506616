import type { ReactNode } from 'react';
import { Alert, Box, Skeleton, Stack } from '@mui/material';

/** Chart cards two by two on wide screens, one column on phones (cards never wider than the page). */
export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** While an insights page's numbers load (chart-shaped skeletons), or why they did not. */
export function ChartsPending({ error, height }: { error: Error | null; height: number }) {
  if (error) return <Alert severity="error">{error.message} Reload the page to try again.</Alert>;
  return (
    <Stack spacing={3} aria-busy="true">
      {[0, 1].map((i) => (
        <Skeleton key={i} variant="rounded" height={height + 80} />
      ))}
    </Stack>
  );
}
