import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, CircularProgress, Grid, Typography } from '@mui/material';
import { MESSAGES } from '@app/domain';
import { paths } from '../../../config/paths';
import { useActiveContests } from '../api/get-active-contests';
import { ContestCard } from './contest-card';

/** Active contests as cards (spec §2): spinner, then the error, the empty state or the grid. */
export function ContestList() {
  const { data, isPending, isError, refetch, isFetching } = useActiveContests();
  if (isPending) {
    return (
      // A screen's height: the footer stays below the fold until the cards arrive (no layout shift).
      <Box sx={{ display: 'grid', placeItems: 'center', alignContent: 'start', pt: 10, minHeight: '100vh' }}>
        <CircularProgress aria-label="Loading contests" />
      </Box>
    );
  }
  if (isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()} disabled={isFetching}>
            Try again
          </Button>
        }
      >
        {MESSAGES.contests.loadFailed}
      </Alert>
    );
  }
  if (!data.length) {
    return (
      <Box sx={{ py: 8, textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {MESSAGES.contests.noneActive}
        </Typography>
        <Button component={RouterLink} to={paths.videoList} variant="contained">
          Watch past entries
        </Button>
      </Box>
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
