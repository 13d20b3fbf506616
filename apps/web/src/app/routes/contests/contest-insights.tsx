import { useParams } from 'react-router';
import { Container, Typography } from '@mui/material';
import { usePageTitle } from '../../../components/simple-page';
import { ContestInsights } from '../../../features/insights';

/**
 * A contest's insights (issue 33), for staff and its brand: the charts and @mui/x-charts load with
 * this page only.
 */
export default function ContestInsightsPage() {
  const { contestId = '' } = useParams();
  usePageTitle('Contest Insights');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography component="h1" variant="h2" gutterBottom>
        Contest Insights
      </Typography>
      <ContestInsights contestId={contestId} />
    </Container>
  );
}
