import { Box, Button, Typography } from '@mui/material';

/** Shown when a page fails to load (e.g. a chunk missing after a deploy). */
export function RouteError() {
  return (
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', textAlign: 'center', p: 3 }}>
      <Box>
        <Typography component="h1" variant="h2" gutterBottom>
          Something went wrong
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          This page could not be shown. Reload to try again.
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    </Box>
  );
}
