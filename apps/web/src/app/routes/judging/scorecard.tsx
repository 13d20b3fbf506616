import { useParams } from 'react-router';
import { Container, Typography } from '@mui/material';
import { usePageTitle } from '../../../lib/page-title';
import { ScorecardView } from '../../../features/judging/components/scorecard-view';

/** /entries/:entryId/scorecard (the entrant, after publication). */
export default function ScorecardPage() {
  const { entryId = '' } = useParams();
  usePageTitle('Your scorecard');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h2" sx={{ mb: 3 }}>
        Your scorecard
      </Typography>
      <ScorecardView entryId={Number(entryId)} />
    </Container>
  );
}
