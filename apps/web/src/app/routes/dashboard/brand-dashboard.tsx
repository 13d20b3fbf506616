import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Container, Stack, Typography } from '@mui/material';
import { brandRoleMay, displayName } from '@app/domain';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { BrandContests } from '../../../features/contest-admin/components/brand-contests';
import { myBrandQueryOptions } from '../../../features/brand-team/api/get-my-brand';

/** /brand-dashboard (brand users; staff see every brand's): contests with drafts and their counts. */
export default function BrandDashboardPage() {
  usePageTitle('Brand Dashboard');
  const session = useSession();
  const isBrand = session?.user.role === 'brand';
  const mine = useQuery({ ...myBrandQueryOptions(), enabled: isBrand });
  // Staff create contests for any brand; a member only when its role manages contests.
  const mayCreate = !isBrand || (mine.data !== undefined && brandRoleMay(mine.data.role, 'manage'));
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
