import { Link as RouterLink } from 'react-router';
import { Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { reviewQueueQueryOptions } from '../api/get-review-queue';
import type { StaffReviewFilter } from '../api/get-review-queue';

function QueueCount({
  filter,
  label,
  hint,
  action,
}: {
  filter: StaffReviewFilter;
  label: string;
  hint: string;
  action: string;
}) {
  const { data, isPending, isError } = useQuery(reviewQueueQueryOptions(filter, 1));
  return (
    <Card component="section" aria-labelledby={`count-${filter}`}>
      <CardContent sx={{ p: 3 }}>
        <Typography id={`count-${filter}`} component="h2" variant="h5">
          {label}
        </Typography>
        <Typography component="p" variant="h2" sx={{ my: 1 }}>
          {isPending ? <Skeleton width={64} /> : isError ? '—' : data.count}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {isError ? 'Could not be counted just now.' : hint}
        </Typography>
        <Button component={RouterLink} to={`${paths.staffReview}?review=${filter}`} variant="outlined">
          {action}
        </Button>
      </CardContent>
    </Card>
  );
}

const LINKS: ReadonlyArray<{ to: string; title: string; action: string; text: string }> = [
  {
    to: paths.brandDashboard,
    title: 'Contests',
    action: 'Open contests',
    text: "Every brand's contests with their counts: edit, publish, and open each contest's applications.",
  },
  {
    to: paths.contestCreate,
    title: 'Create a contest',
    action: 'Create a contest',
    text: 'A new contest with its products, timeline and judging rubric, published at once.',
  },
  {
    to: paths.staffAccounts,
    title: 'Accounts',
    action: 'Open accounts',
    text: 'Find users, deactivate accounts, and invite staff and brand users by e-mail.',
  },
  {
    to: paths.staffPayouts,
    title: 'Payouts',
    action: 'Open payouts',
    text: 'Prizes owed per creator, recording payouts, and the CSV export.',
  },
  {
    to: paths.staffAudit,
    title: 'Audit log',
    action: 'Open audit log',
    text: 'Every decision by staff and brands: who, what, on which record, before and after.',
  },
];

/** /staff: what waits for review, with the way there, and the console's other sections. */
export function ConsoleHome() {
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <Box>
        <Button component={RouterLink} to={paths.staffReview} variant="contained" size="large">
          Start reviewing
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        <QueueCount
          filter="pending"
          label="Waiting for review"
          hint="Oldest first in the review queue."
          action="Review them"
        />
        <QueueCount
          filter="failed"
          label="Failed processing"
          hint="Uploads the server could not process."
          action="See failed uploads"
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        {LINKS.map((link) => (
          <Card key={link.to} component="section" aria-labelledby={`link-${link.title}`}>
            <CardContent sx={{ p: 3 }}>
              <Typography id={`link-${link.title}`} component="h2" variant="h5">
                {link.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', my: 1.5 }}>
                {link.text}
              </Typography>
              <Button component={RouterLink} to={link.to} variant="outlined" color="inherit">
                {link.action}
              </Button>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
