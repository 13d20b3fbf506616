import { useNavigate } from 'react-router';
import { Alert, Container, Skeleton, Typography } from '@mui/material';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useBrands } from '../../../features/contest-admin/api/get-brand-contests';
import { ContestForm } from '../../../features/contest-admin/components/contest-form';
import { newContestValues } from '../../../features/contest-admin/lib/contest-form-values';

/** /contests/create (staff and brand users): staff publish at once; a brand's contest is a draft. */
export default function ContestCreatePage() {
  usePageTitle('Create a contest');
  const session = useSession();
  const brands = useBrands();
  const navigate = useNavigate();
  const isStaff = session?.user.role === 'staff';
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography component="h1" variant="h2" gutterBottom>
        Create a contest
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>
        {isStaff
          ? 'The contest is published as soon as you create it.'
          : 'Your contest is saved as a draft: only you and our team see it until our team publishes it.'}
      </Typography>
      {brands.isPending ? (
        <Skeleton height={400} />
      ) : brands.isError || brands.data.length === 0 ? (
        <Alert severity="error">
          {brands.isError
            ? 'Could not load your brands. Please try again.'
            : 'Your account is not linked to a brand yet. Contact our team.'}
        </Alert>
      ) : (
        <ContestForm
          initial={newContestValues(brands.data.length === 1 ? brands.data[0]!.id : undefined)}
          brands={brands.data}
          isStaff={isStaff}
          onSaved={(contest) => navigate(paths.contest(contest.id))}
        />
      )}
    </Container>
  );
}
