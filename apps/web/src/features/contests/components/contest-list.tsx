import { Alert, Box, CircularProgress, Grid, Typography } from '@mui/material';
import { MESSAGES } from '@app/domain';
import { useActiveContests } from '../api/get-active-contests';
import { ContestCard } from './contest-card';

/** Active contests as cards (spec §2): spinner, then the error, the empty state or the grid. */
export function ContestList() {
  const { data, isPending, isError } = useActiveContests();
  if (isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress aria-label="Loading contests" />
      </Box>
    );
  }
  if (isError) return <Alert severity="error">{MESSAGES.contests.loadFailed}</Alert>;
  if (!data.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
        {MESSAGES.contests.noneActive}
      </Typography>
    );
  }
  return (
    <Grid container spacing={3}>
      {data.map((contest) => (
        <Grid key={contest.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <ContestCard contest={contest} />
        </Grid>
      ))}
    </Grid>
  );
}
