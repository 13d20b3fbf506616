import { Link as RouterLink } from 'react-router';
import { Button, Container, Stack, Typography } from '@mui/material';
import { displayName } from '@app/domain';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useBrandRole } from '../../../lib/my-brand';
import { BrandContests } from '../../../features/contest-admin/components/brand-contests';

/** /brand-dashboard (brand users; staff see every brand's): contests with drafts and their counts. */
export default function BrandDashboardPage() {
  usePageTitle('Brand Dashboard');
  const session = useSession();
  const isBrand = session?.user.role === 'brand';
  // Staff create contests for any brand; a member only when its role manages contests.
  const mayCreate = useBrandRole().may('manage');
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
        <Stack direction="row" spacing={1}>
          {isBrand ? (
            <Button component={RouterLink} to={paths.brandTeam} variant="outlined">
              Team
            </Button>
          ) : null}
          {mayCreate ? (
            <Button component={RouterLink} to={paths.contestCreate} variant="contained">
              Create a contest
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <BrandContests canManage={mayCreate} />
    </Container>
  );
}
