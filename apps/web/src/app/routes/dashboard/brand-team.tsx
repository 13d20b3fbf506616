import { Alert, Box, Container, Divider, Skeleton, Typography } from '@mui/material';
import { BRAND_ROLE_IN_A_SENTENCE, BRAND_ROLE_LABELS, brandRoleMay } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useMyBrand } from '../../../lib/my-brand';
import { InviteMemberForm } from '../../../features/brand-team/components/invite-member-form';
import { TeamMembers } from '../../../features/brand-team/components/team-members';

/** /brand-dashboard/team (brand users): the brand's members and roles; owners change them. */
export default function BrandTeamPage() {
  usePageTitle('Team');
  const mine = useMyBrand();
  const canManage = mine.data !== undefined && brandRoleMay(mine.data.role, 'team');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
        Team
      </Typography>
      {mine.isPending ? (
        <Skeleton variant="text" width={280} role="status" aria-label="Loading your brand" />
      ) : mine.isError ? (
        <Alert severity="info">
          {mine.error instanceof ApiError ? mine.error.userMessage() : 'Failed to load your brand.'}
        </Alert>
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 4 }}>
            {mine.data.name} · you are {BRAND_ROLE_IN_A_SENTENCE[mine.data.role]}:{' '}
            {BRAND_ROLE_LABELS[mine.data.role].description.toLowerCase()}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 5,
              gridTemplateColumns: { xs: '1fr', md: canManage ? '7fr 5fr' : '1fr' },
            }}
          >
            <TeamMembers brandId={mine.data.id} canManage={canManage} />
            {canManage && (
              <Box>
                <Divider sx={{ display: { md: 'none' }, mb: 4 }} />
                <InviteMemberForm brandId={mine.data.id} />
              </Box>
            )}
          </Box>
        </>
      )}
    </Container>
  );
}
