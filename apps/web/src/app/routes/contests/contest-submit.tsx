import { Link as RouterLink, useParams } from 'react-router';
import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useContest } from '../../../features/contests/api/get-contest';
import { SubmitEntry } from '../../../features/entries';
import { UploadVideoDialog, VideoQcReport } from '../../../features/videos';

/** Submit Video (spec §2, issue 15): a selected creator enters a video in the contest. */
export default function ContestSubmitPage() {
  const { contestId = '' } = useParams();
  const contest = useContest(contestId);
  const notFound = contest.error instanceof ApiError && contest.error.status === 404;
  return (
    <SimplePage title="Submit Video">
      {contest.isPending && <Typography role="status">Loading the contest…</Typography>}
      {contest.isError && (
        <Alert severity={notFound ? 'warning' : 'error'}>
          {notFound ? (
            <>
              <AlertTitle>This contest does not exist.</AlertTitle>
              The link may be wrong, or the contest was removed. Choose one from the list of contests.
            </>
          ) : (
            'Failed to load the contest. Please try again.'
          )}
          {/* Under the text, not beside it: a phone's narrow alert keeps its words on whole lines. */}
          <Box sx={{ mt: 1.5 }}>
            <Button
              component={RouterLink}
              to={paths.contests}
              variant="outlined"
              color="inherit"
              size="small"
            >
              All contests
            </Button>
          </Box>
        </Alert>
      )}
      {contest.data && (
        <SubmitEntry
          contest={contest.data}
          renderUpload={(slot) => <UploadVideoDialog {...slot} contest={contest.data} />}
          renderVideoCheck={(videoId) => (
            <VideoQcReport videoId={videoId} requirements={contest.data.video_requirements} />
          )}
        />
      )}
    </SimplePage>
  );
}
