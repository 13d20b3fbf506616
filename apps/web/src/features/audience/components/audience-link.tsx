import { Link as RouterLink } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { paths } from '../../../config/paths';
import { useAudience } from '../api/audience';

/** The contest page's way to its audience gallery, when the contest has an audience award. */
export function AudienceLink({ contestId }: { contestId: number }) {
  const audience = useAudience(contestId);
  if (!audience.data) return null;
  const words = {
    upcoming: 'Audience voting opens soon: watch the finalists.',
    open: 'Audience voting is open: watch the finalists and vote for your favourite.',
    closed: 'Audience voting has closed: see the finalists and the tally.',
  }[audience.data.status];
  return (
    <Box
      component="section"
      aria-label="Audience award"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      <Typography>{words}</Typography>
      <Button component={RouterLink} to={paths.contestVote(contestId)} variant="contained">
        {audience.data.status === 'open' ? 'Vote now' : 'See the gallery'}
      </Button>
    </Box>
  );
}
