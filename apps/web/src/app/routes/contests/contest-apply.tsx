import { useParams } from 'react-router';
import { Alert, Box, CircularProgress, Container, Typography } from '@mui/material';
import { formatContestDate } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useContest } from '../../../features/contests/api/get-contest';
import { ApplicationWizard } from '../../../features/contests/components/wizard/application-wizard';

/** /contests/:contestId/apply — public; submitting needs a signed-in creator (spec §2, §6). */
export default function ContestApplyPage() {
  const { contestId = '' } = useParams();
  const contest = useContest(contestId);
  usePageTitle(contest.data ? `Apply: ${contest.data.title}` : 'Apply');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      {contest.isPending && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 12 }}>
          <CircularProgress aria-label="Loading contest" />
        </Box>
      )}
      {contest.isError && (
        <Alert severity="error">
          {contest.error instanceof ApiError && contest.error.status === 404
            ? 'This contest does not exist.'
            : 'Failed to load the contest. Please try again.'}
        </Alert>
      )}
      {contest.data && (
        <>
          <Typography component="h1" variant="h2">
            Apply: {contest.data.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
            Applications close{' '}
            {formatContestDate(contest.data.application_deadline, contest.data.timezone, { time: true })}.
          </Typography>
          <ApplicationWizard contest={contest.data} />
        </>
      )}
    </Container>
  );
}
