import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Button, Typography } from '@mui/material';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';
import { useContest } from '../../../features/contests/api/get-contest';
import { SubmitEntry } from '../../../features/entries';
import { UploadVideoDialog } from '../../../features/videos';

/** Submit Video (spec §2, issue 15): a selected creator enters a video in the contest. */
export default function ContestSubmitPage() {
  const { contestId = '' } = useParams();
  const contest = useContest(contestId);
  return (
    <SimplePage title="Submit Video">
      {contest.isPending && <Typography role="status">Loading the contest…</Typography>}
      {contest.isError && (
        <Alert
          severity="error"
          action={
            <Button component={RouterLink} to={paths.contests} color="inherit">
              All contests
            </Button>
          }
        >
          This contest could not be loaded.
        </Alert>
      )}
      {contest.data && (
        <SubmitEntry
          contest={contest.data}
          renderUpload={(slot) => <UploadVideoDialog {...slot} contest={contest.data} />}
        />
      )}
    </SimplePage>
  );
}
