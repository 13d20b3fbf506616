import { Container, Typography } from '@mui/material';
import { ContestList } from '../../../features/contests/components/contest-list';
import { usePageTitle } from '../../../lib/page-title';

export default function ContestListPage() {
  usePageTitle('Contests');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <Typography component="h1" variant="h1" gutterBottom>
        Contests
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 5, maxWidth: 640 }}>
        Brands send the product, you make the film. Apply to a running contest and compete for cash prizes.
      </Typography>
      <ContestList />
    </Container>
  );
}
