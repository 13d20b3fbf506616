import { useParams } from 'react-router';
import { Container, Typography } from '@mui/material';
import { usePageTitle } from '../../../components/simple-page';
import { useContest } from '../../../features/contests/api/get-contest';
import { ContestEntries } from '../../../features/entries';

/** Contest Submissions (spec §2, issue 15): a contest's entries, for staff and its brand. */
export default function ContestSubmissionsPage() {
  const { contestId = '' } = useParams();
  const { data: contest } = useContest(contestId);
  usePageTitle('Contest Submissions');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography component="h1" variant="h2" gutterBottom>
        Contest Submissions
      </Typography>
      {contest && (
        <Typography variant="h5" component="p" gutterBottom>
          {contest.title}
        </Typography>
      )}
      <ContestEntries contestId={contestId} />
    </Container>
  );
}
