import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Container, Typography } from '@mui/material';
import { usePageTitle } from '../../../components/simple-page';
import { useContest } from '../../../features/contests/api/get-contest';
import { ContestEntries } from '../../../features/entries';
import { useSession } from '../../../lib/session';

/** Staff's held submissions (issue 51): a chunk loaded only when staff open the page. */
const HeldAtQc = lazy(() => import('../../sections/held-at-qc-section'));

/**
 * Contest Submissions (spec §2, issue 15): a contest's entries, for staff and its brand; staff also
 * see the submissions held at the technical check, and let them through.
 */
export default function ContestSubmissionsPage() {
  const { contestId = '' } = useParams();
  const { data: contest } = useContest(contestId);
  const isStaff = useSession()?.user.role === 'staff';
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
      {isStaff && (
        <Suspense fallback={null}>
          <HeldAtQc contestId={contestId} requirements={contest?.video_requirements} />
        </Suspense>
      )}
      <ContestEntries contestId={contestId} />
    </Container>
  );
}
