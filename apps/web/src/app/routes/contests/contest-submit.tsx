import { Link as RouterLink, useParams } from 'react-router';
import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { currentRound, type RoundKind } from '@app/domain';
import { SimplePage } from '../../../components/simple-page';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useContestRounds } from '../../../lib/contest-rounds';
import { useAdvancedInto } from '../../../features/entries/api/get-my-contests';
import { useContest } from '../../../features/contests/api/get-contest';
import { SubmitEntry } from '../../../features/entries';
import { UploadVideoDialog, VideoQcReport } from '../../../features/videos';

/** The page's title by the kind of entry the round asks for. */
const TITLES: Record<RoundKind, string> = {
  idea: 'Submit Idea',
  pitch: 'Submit Pitch',
  film: 'Submit Video',
};

/**
 * Submit Video (spec §2, issue 15): a selected creator enters a video in the contest. A contest in
 * rounds (issue 47): the round it is in asks for its kind of entry (an idea, a pitch, a film).
 */
export default function ContestSubmitPage() {
  const { contestId = '' } = useParams();
  const contest = useContest(contestId);
  const rounds = useContestRounds(Number(contestId));
  const round = rounds.data && rounds.data.length >= 2 ? currentRound(rounds.data) : undefined;
  // Whether the creator was advanced into the round (the creator's contests read).
  const advanced = useAdvancedInto(Number(contestId));
  const notFound = contest.error instanceof ApiError && contest.error.status === 404;
  return (
    <SimplePage title={TITLES[round?.kind ?? 'film']}>
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
      {contest.data && !rounds.isPending && (
        <SubmitEntry
          contest={contest.data}
          round={round}
          advanced={advanced}
          renderUpload={(slot) => <UploadVideoDialog {...slot} contest={contest.data} />}
          renderVideoCheck={(videoId) => (
            <VideoQcReport videoId={videoId} requirements={contest.data.video_requirements} />
          )}
        />
      )}
    </SimplePage>
  );
}
