import { useParams } from 'react-router';
import { Box, Typography } from '@mui/material';
import { SimplePage } from '../../../components/simple-page';
import { useContest } from '../../../features/contests/api/get-contest';

/** Placeholder (spec §2: protected): the entries of one contest, for review. */
export default function ContestSubmissionsPage() {
  const { contestId = '' } = useParams();
  const { data: contest } = useContest(contestId);
  return (
    <SimplePage title="Contest Submissions">
      {contest && (
        <Typography variant="h5" component="p" gutterBottom>
          {contest.title}
        </Typography>
      )}
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 3, p: 4, textAlign: 'center', mt: 3 }}>
        <Typography variant="h6" component="p" gutterBottom>
          No submissions to review yet
        </Typography>
        <Typography color="text.secondary">
          Entries appear here once selected creators upload their films.
        </Typography>
      </Box>
    </SimplePage>
  );
}
