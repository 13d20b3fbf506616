import { Link as RouterLink, useLocation } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';

/** Every unknown path. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <SimplePage title="Page not found">
      <Typography color="textSecondary" sx={{ mb: 4, wordBreak: 'break-word' }}>
        There is no page at {pathname}. It may have moved, or the link may be mistyped.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button component={RouterLink} to={paths.home} variant="contained">
          Go to the home page
        </Button>
        <Button component={RouterLink} to={paths.contests} variant="outlined" color="inherit">
          Browse contests
        </Button>
      </Box>
    </SimplePage>
  );
}
