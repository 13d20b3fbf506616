import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Button, Container, Skeleton, Stack, Typography } from '@mui/material';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useContestStock, useManagedContest } from '../../../features/contest-admin/api/get-managed-contest';
import { ApplicationsTable } from '../../../features/contest-admin/components/applications-table';
import { ConversationThread } from '../../../features/conversations';

/** /contests/:contestId/applications (staff and the contest's brand): selecting and shipping. */
export default function ContestApplicationsPage() {
  const { contestId = '' } = useParams();
  const session = useSession();
  const contest = useManagedContest(contestId);
  // The stock is the contest team's (the table reads it too): a 403 says the contest is not yours.
  const stock = useContestStock(contestId);
  const notYours = stock.error instanceof ApiError && stock.error.status === 403;
  usePageTitle(contest.data ? `Applications · ${contest.data.title}` : 'Applications');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {contest.isError || notYours ? (
        <>
          <Typography component="h1" variant="h3" sx={{ mb: 3 }}>
            Applications
          </Typography>
          <Alert severity="error">
            {notYours
              ? 'This contest is not yours: only the platform team and the brand running it see its applications.'
              : contest.error instanceof ApiError && contest.error.status === 404
                ? 'This contest does not exist.'
                : 'Could not load the contest. Please try again.'}
          </Alert>
        </>
      ) : contest.isPending ? (
        <Skeleton height={300} />
      ) : (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
          >
            <div>
              <Typography component="h1" variant="h3">
                Applications
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{contest.data.title}</Typography>
            </div>
            <Button component={RouterLink} to={paths.contest(contest.data.id)} color="inherit">
              Back to the contest
            </Button>
          </Stack>
          <ApplicationsTable
            contest={contest.data}
            isStaff={session?.user.role === 'staff'}
            thread={(application) => (
              <ConversationThread
                kind="application"
                id={application.id}
                embedded
                description="Between the creator and the brand’s team; the platform team can read and join."
              />
            )}
          />
        </>
      )}
    </Container>
  );
}
