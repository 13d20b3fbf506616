import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { formatContestDate, type BrandContest } from '@app/domain';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useBrandContests } from '../api/get-brand-contests';

const PUBLICATION = {
  draft: { label: 'Draft', color: 'warning' },
  published: { label: 'Published', color: 'success' },
  archived: { label: 'Archived', color: 'default' },
} as const;

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ minWidth: 72 }}>
      <Typography component="p" variant="h5">
        {value}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}

function ContestCard({
  contest,
  isStaff,
  canManage,
}: {
  contest: BrandContest;
  isStaff: boolean;
  canManage: boolean;
}) {
  const chip = PUBLICATION[contest.publication_status];
  return (
    <Card component="li" aria-labelledby={`contest-${contest.id}`} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box>
            <Link
              id={`contest-${contest.id}`}
              component={RouterLink}
              to={paths.contest(contest.id)}
              variant="h6"
              sx={{ fontWeight: 600 }}
            >
              {contest.title}
            </Link>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {contest.brand.name} ·{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                applications close {formatContestDate(contest.application_deadline, contest.timezone)}
              </Box>{' '}
              ·{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                videos due {formatContestDate(contest.submission_deadline, contest.timezone)}
              </Box>
            </Typography>
          </Box>
          <Chip size="small" label={chip.label} color={chip.color} sx={{ flexShrink: 0 }} />
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }} aria-label="Counts">
          <Count label="Pending" value={contest.counts.pending} />
          <Count label="Selected" value={contest.counts.selected} />
          <Count label="Declined" value={contest.counts.declined} />
          <Count label="Shipped" value={contest.counts.shipped} />
          <Count label="Entries" value={contest.counts.entries} />
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button component={RouterLink} to={paths.contestApplications(contest.id)} variant="outlined">
            Applications
          </Button>
          <Button component={RouterLink} to={paths.contestSubmissions(contest.id)} color="inherit">
            Submissions
          </Button>
          <Button component={RouterLink} to={paths.contestInsights(contest.id)} color="inherit">
            Insights
          </Button>
          {/* A brand edits its drafts (when its role manages contests); a published contest's edits are staff's. */}
          {isStaff || (canManage && contest.publication_status === 'draft') ? (
            <Button component={RouterLink} to={paths.contestEdit(contest.id)} color="inherit">
              Edit
            </Button>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * The contests a brand runs (staff: every contest), drafts included, with their counts. Creating
 * and editing are offered only when `canManage` (the member's role manages contests, issue 49).
 */
export function BrandContests({ canManage = true }: { canManage?: boolean }) {
  const contests = useBrandContests();
  const isStaff = useSession()?.user.role === 'staff';
  if (contests.isPending) {
    return (
      <Box aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} height={160} />
        ))}
      </Box>
    );
  }
  if (contests.isError) {
    return (
      <Alert severity="error">
        {contests.error instanceof ApiError ? contests.error.userMessage() : 'Could not load your contests.'}
      </Alert>
    );
  }
  if (contests.data.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>No contests yet.</Typography>
        {canManage ? (
          <Button component={RouterLink} to={paths.contestCreate} variant="contained">
            Create a contest
          </Button>
        ) : null}
      </Box>
    );
  }
  return (
    <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
      {contests.data.map((contest) => (
        <ContestCard key={contest.id} contest={contest} isStaff={isStaff} canManage={canManage} />
      ))}
    </Stack>
  );
}
