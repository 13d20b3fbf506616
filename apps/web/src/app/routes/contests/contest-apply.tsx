import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Container,
  Stack,
  Typography,
} from '@mui/material';
import { formatContestDate, MESSAGES, type ApplicationStatus, type ContestResponse } from '@app/domain';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useContest } from '../../../features/contests/api/get-contest';
import { ApplicationWizard } from '../../../features/contests/components/wizard/application-wizard';
import { eligibilityQueryOptions } from '../../../features/entries';

/** Where a creator's application stands, in words (issue 26: no second wizard for it). */
const APPLIED_TEXT: Record<ApplicationStatus, string> = {
  pending: "It is waiting for the brand's decision. We will e-mail you when they decide.",
  selected: 'You are selected. Submit your video before the submission deadline.',
  declined: 'Your application was not selected.',
  withdrawn: 'Your place in this contest was withdrawn.',
};

/** A creator who already applied sees their application's state, not the wizard again. */
function AlreadyApplied({ status, contest }: { status: ApplicationStatus; contest: ContestResponse }) {
  return (
    <Alert severity="info">
      <AlertTitle>{MESSAGES.application.alreadyApplied}</AlertTitle>
      {APPLIED_TEXT[status]}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {status === 'selected' && (
          <Button
            component={RouterLink}
            to={paths.contestSubmit(contest.id)}
            variant="contained"
            size="small"
          >
            Submit your video
          </Button>
        )}
        <Button
          component={RouterLink}
          to={paths.creatorDashboard}
          variant="outlined"
          color="inherit"
          size="small"
        >
          Go to your dashboard
        </Button>
      </Stack>
    </Alert>
  );
}

/** /contests/:contestId/apply — public; submitting needs a signed-in creator (spec §2, §6). */
export default function ContestApplyPage() {
  const { contestId = '' } = useParams();
  const contest = useContest(contestId);
  // A signed-in creator's own application to the contest, if any (the entries' eligibility read).
  const session = useSession();
  const mine = useQuery({ ...eligibilityQueryOptions(contestId), enabled: session?.user.role === 'creator' });
  const applied = mine.data?.application_status ?? null;
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
          {mine.isLoading ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading your application" />
            </Box>
          ) : applied ? (
            <AlreadyApplied status={applied} contest={contest.data} />
          ) : (
            <ApplicationWizard contest={contest.data} />
          )}
        </>
      )}
    </Container>
  );
}
