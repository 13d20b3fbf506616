import { useParams } from 'react-router';
import { Container, Typography } from '@mui/material';
import { usePageTitle } from '../../../components/simple-page';
import { DeliveryView } from '../../../features/delivery';

/** A winning entry's delivery and licence certificate (issue 31): staff and the contest's brand. */
export default function EntryDeliveryPage() {
  const { entryId = '' } = useParams();
  usePageTitle('Delivery');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography component="h1" variant="h2" gutterBottom>
        Delivery
      </Typography>
      <DeliveryView entryId={entryId} />
    </Container>
  );
}
