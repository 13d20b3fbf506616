import { Box, Button, Typography } from '@mui/material';

/** Shown when a page fails to load (e.g. a chunk missing after a deploy). */
export function RouteError() {
  return (
    <Box
      component="main"
      sx={{ display: 'grid', placeItems: 'center', minHeight: '80vh', textAlign: 'center', p: 3 }}
    >
      <Box role="alert">
        <Typography component="h1" variant="h2" gutterBottom>
          Something went wrong
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          This page could not be shown. Reload to try again; if it keeps happening, start again from the home
          page.
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button variant="outlined" color="inherit" href="/">
            Home page
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
