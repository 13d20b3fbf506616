import { Link as RouterLink } from 'react-router';
import { Box, Button } from '@mui/material';
import { FEATURED_CONTEST_ID } from '@app/domain';
import { paths } from '../../../../config/paths';

/** The fixed 'Apply to Compete' button of the landing page (spec §2), always in reach. */
export function ApplyButton() {
  return (
    <Box
      sx={{
        position: 'fixed',
        zIndex: 'appBar',
        right: { xs: 16, md: 32 },
        left: { xs: 16, sm: 'auto' },
        bottom: { xs: 16, md: 32 },
      }}
    >
      <Button
        component={RouterLink}
        to={paths.contestApply(FEATURED_CONTEST_ID)}
        variant="contained"
        size="large"
        fullWidth
        sx={{ boxShadow: 8, px: 4 }}
      >
        Apply to Compete
      </Button>
    </Box>
  );
}
