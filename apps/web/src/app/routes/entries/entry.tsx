import { useParams } from 'react-router';
import { Container, Typography } from '@mui/material';
import { usePageTitle } from '../../../components/simple-page';
import { EntryView } from '../../../features/entries';

/** A contest entry (issue 15): the entrant, staff and the contest's brand. */
export default function EntryPage() {
  const { entryId = '' } = useParams();
  usePageTitle('Contest Entry');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography component="h1" variant="h2" gutterBottom>
        Contest Entry
      </Typography>
      <EntryView entryId={entryId} />
    </Container>
  );
}
