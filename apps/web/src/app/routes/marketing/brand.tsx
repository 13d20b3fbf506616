import { Link as RouterLink, useParams } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';

/** /brand/:id: brand profiles are a placeholder (spec §2). */
export default function BrandPage() {
  const { id } = useParams();
  return (
    <SimplePage title="Brand">
      <Typography color="textSecondary" sx={{ mb: 1 }}>
        Brand #{id}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        Public brand profiles are not available yet. A brand&apos;s running contests are listed on the
        contests page.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button component={RouterLink} to={paths.contests} variant="contained">
          Browse contests
        </Button>
        <Button component={RouterLink} to={paths.hbadaSynergy} variant="outlined" color="inherit">
          Hbada Synergy
        </Button>
      </Box>
    </SimplePage>
  );
}
