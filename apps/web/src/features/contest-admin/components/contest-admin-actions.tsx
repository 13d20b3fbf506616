import { Link as RouterLink } from 'react-router';
import { Alert, Button, Chip, Container, Stack } from '@mui/material';
import type { ContestResponse } from '@app/domain';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useBrandRole } from '../../../lib/my-brand';
import { useBrands } from '../api/get-brand-contests';
import { useSetPublication } from '../api/save-contest';

/**
 * Edit, Publish and Applications on a contest's page, for staff and the contest's brand only
 * (nothing for anyone else). A brand edits its drafts when its role manages contests (issue 49);
 * staff publish and archive.
 */
export function ContestAdminActions({ contest }: { contest: ContestResponse }) {
  const session = useSession();
  const role = session?.user.role;
  if (role !== 'staff' && role !== 'brand') return null;
  return <Actions contest={contest} isStaff={role === 'staff'} />;
}

function Actions({ contest, isStaff }: { contest: ContestResponse; isStaff: boolean }) {
  const brands = useBrands();
  const publication = useSetPublication();
  const mayManage = useBrandRole().may('manage');
  const runs = isStaff || Boolean(brands.data?.some((b) => b.id === contest.brand.id));
  if (!runs) return null;
  const canEdit = isStaff || (mayManage && contest.publication_status === 'draft');
  return (
    <Container maxWidth="lg" sx={{ pt: 3 }}>
      <Stack
        direction="row"
        aria-label="Contest management"
        component="nav"
        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        <Chip
          label={contest.publication_status === 'draft' ? 'Draft: not public' : contest.publication_status}
          color={contest.publication_status === 'draft' ? 'warning' : 'default'}
        />
        {canEdit ? (
          <Button component={RouterLink} to={paths.contestEdit(contest.id)} variant="outlined">
            Edit
          </Button>
        ) : null}
        <Button component={RouterLink} to={paths.contestApplications(contest.id)} variant="outlined">
          Applications
        </Button>
        <Button component={RouterLink} to={paths.contestAudience(contest.id)} variant="outlined">
          Audience award
        </Button>
        {isStaff && contest.publication_status === 'draft' ? (
          <Button
            variant="contained"
            disabled={publication.isPending}
            onClick={() => publication.mutate({ id: contest.id, action: 'publish' })}
          >
            Publish
          </Button>
        ) : null}
        {isStaff && contest.publication_status === 'published' ? (
          <Button
            color="inherit"
            disabled={publication.isPending}
            onClick={() => publication.mutate({ id: contest.id, action: 'archive' })}
          >
            Archive
          </Button>
        ) : null}
      </Stack>
      {publication.error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {publication.error instanceof ApiError ? publication.error.userMessage() : 'That did not work.'}
        </Alert>
      ) : null}
    </Container>
  );
}
