import { useParams } from 'react-router';
import { Container, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { JudgingBoard } from '../../../features/judging/components/judging-board';
import { RankingPanel } from '../../../features/judging/components/ranking-panel';

/**
 * /contests/:contestId/judging (staff and the contest's brand): score each entry on the rubric;
 * staff also see the ranking and publish the results.
 */
export default function ContestJudgingPage() {
  const { contestId = '' } = useParams();
  const id = Number(contestId);
  const session = useSession();
  usePageTitle('Judging');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
        Judging
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: 720 }}>
        Score each film on the contest’s criteria from 1 to 10 and tell the creator why. You can change your
        scores until judging closes.
      </Typography>
      <Stack spacing={4}>
        {session?.user.role === 'staff' && <RankingPanel contestId={id} />}
        <JudgingBoard contestId={id} />
      </Stack>
    </Container>
  );
}
