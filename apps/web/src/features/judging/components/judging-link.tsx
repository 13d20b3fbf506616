import { Link as RouterLink } from 'react-router';
import { Box, Button } from '@mui/material';
import GavelRounded from '@mui/icons-material/GavelRounded';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

/** The way to the judging page, for those who may judge (staff and brand users; the API checks the brand). */
export function JudgingLink({ contestId }: { contestId: number }) {
  const session = useSession();
  const role = session?.user.role;
  if (role !== 'staff' && role !== 'brand') return null;
  return (
    <Box>
      <Button
        component={RouterLink}
        to={paths.contestJudging(contestId)}
        variant="outlined"
        startIcon={<GavelRounded />}
      >
        Judge the entries
      </Button>
    </Box>
  );
}
