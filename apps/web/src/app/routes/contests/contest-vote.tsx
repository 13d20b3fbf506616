import { useParams } from 'react-router';
import { Alert, Container } from '@mui/material';
import { AUDIENCE_MESSAGES } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useContest } from '../../../features/contests/api/get-contest';
import { ContestDetailSkeleton } from '../../../features/contests/components/contest-overview';
import { useAudience } from '../../../features/audience/api/audience';
import { AudienceGallery } from '../../../features/audience/components/audience-gallery';

/** /contests/:contestId/vote (issue 50): the audience award's public gallery of finalists. */
export default function ContestVotePage() {
  const { contestId = '' } = useParams();
  const contest = useContest(contestId);
  const audience = useAudience(contest.data?.id ?? contestId, contest.isSuccess);
  usePageTitle(contest.data ? `Vote: ${contest.data.title}` : 'Audience award');

  if (contest.isError || audience.isError) {
    const error = contest.error ?? audience.error;
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <Container maxWidth="md" sx={{ py: 10 }}>
        <Alert severity={notFound ? 'info' : 'error'}>
          {notFound ? AUDIENCE_MESSAGES.notSetUp : 'Failed to load the audience award. Please try again.'}
        </Alert>
      </Container>
    );
  }
  if (!contest.data || !audience.data) return <ContestDetailSkeleton />;
  return <AudienceGallery contest={contest.data} audience={audience.data} />;
}
