import { Link as RouterLink, useParams } from 'react-router';
import { Box, Button, Stack, Typography } from '@mui/material';
import { formatContestDate } from '@app/domain';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';
import { useContest } from '../../../features/contests/api/get-contest';

/** Placeholder (spec §2): video submission for a contest comes with the operations work. */
export default function ContestSubmitPage() {
  const { contestId = '' } = useParams();
  const { data: contest } = useContest(contestId);
  return (
    <SimplePage title="Submit Video">
      {contest && (
        <Typography variant="h5" component="p" gutterBottom>
          {contest.title}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Selected creators upload their finished, graded film here.
        {contest &&
          ` Videos are due ${formatContestDate(contest.submission_deadline, contest.timezone, { time: true })}.`}
      </Typography>
      {contest && (
        <Box component="ul" sx={{ color: 'text.secondary', pl: 3, mb: 4 }}>
          {contest.requirements.map((line) => (
            <Typography component="li" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
      )}
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Contest entries open here soon. Until then, upload your video from your dashboard.
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} to={paths.creatorDashboard} variant="contained">
          Go to Dashboard
        </Button>
        <Button component={RouterLink} to={paths.contest(contestId)} variant="outlined">
          Contest details
        </Button>
      </Stack>
    </SimplePage>
  );
}
