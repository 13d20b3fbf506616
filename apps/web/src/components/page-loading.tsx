import { Box, CircularProgress } from '@mui/material';

/** The page-sized spinner shown while a route's code loads. */
export function PageLoading() {
  return (
    <Box role="status" aria-label="Loading" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-hidden />
    </Box>
  );
}
