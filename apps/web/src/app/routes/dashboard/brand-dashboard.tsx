import { Link as RouterLink } from 'react-router';
import { Button, Container, Stack, Typography } from '@mui/material';
import { displayName } from '@app/domain';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { BrandContests } from '../../../features/contest-admin/components/brand-contests';

/** /brand-dashboard (brand users; staff see every brand's): contests with drafts and their counts. */
export default function BrandDashboardPage() {
  usePageTitle('Brand Dashboard');
  const session = useSession();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 4 }}
      >
        <div>
          <Typography component="h1" variant="h2">
            Brand Dashboard
          </Typography>
          {session ? (
            <Typography sx={{ color: 'text.secondary' }}>Welcome, {displayName(session.user)}.</Typography>
          ) : null}
        </div>
        <Button component={RouterLink} to={paths.contestCreate} variant="contained">
          Create a contest
        </Button>
      </Stack>
      <BrandContests />
    </Container>
  );
}
