import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import {
  ENTRY_STATUS_LABELS,
  formatContestDate,
  MESSAGES,
  type ContestResponse,
  type Entry,
  type Video,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { AgreementLoadFailed } from '../../../components/contest-agreement';
import { EntryTimeline } from '../../../components/entry-timeline';
import { useEligibility } from '../api/get-eligibility';
import { useMyEntry } from '../api/get-my-entry';
import { useMyVideos } from '../api/get-my-videos';
import { entryPath } from '../lib/entry-path';
import { AgreementAcceptance } from './agreement-acceptance';
import { ChooseEntryVideo } from './choose-entry-video';
import { EntryChecks } from './entry-checks';
import { SubmitRefused } from './submit-refused';
import { useEntrySubmission } from './use-entry-submission';

export interface UploadSlotProps {
  open: boolean;
  onClose: () => void;
  onUploaded: (video: Video, entry: { warningsConfirmed: boolean }) => void;
}

export interface SubmitEntryProps {
  contest: ContestResponse;
  /** The resumable upload dialog (features/videos), composed by the page. */
  renderUpload: (props: UploadSlotProps) => ReactNode;
  /** The chosen video's technical check against the contest's delivery spec (features/videos). */
  renderVideoCheck?: (videoId: number) => ReactNode;
}

/**
 * Submit Video (`/contests/:contestId/submit`, issue 15): a selected creator uploads a new video
 * (checked in the browser before it is sent) or picks one of their own, sees the checks against
 * the brief, confirms warnings, and submits; submitting again adds a version to their entry.
 * Anyone else sees why they may not submit and what to do next, and no upload control (the
 * server's rule, `GET …/entries/eligibility/`).
 */
export function SubmitEntry({ contest, renderUpload, renderVideoCheck }: SubmitEntryProps) {
  const contestId = String(contest.id);
  const eligibility = useEligibility(contestId);
  const mine = useMyEntry(contestId);
  const videos = useMyVideos();
  const submission = useEntrySubmission(contestId);
  const { submit, agreement, agreementRefused, agreementOk, submitted, send } = submission;
  const [uploadOpen, setUploadOpen] = useState(false);
  const entry = submitted ?? mine.data ?? null;

  return (
    <Stack spacing={3}>
      <ContestDeadline contest={contest} />
      {entry && <EntryNotice entry={entry} justSubmitted={Boolean(submitted)} />}
      {submitted && <SubmittedChecks entry={submitted} />}

      {eligibility.isPending ? (
        <Typography role="status" color="text.secondary">
          Checking whether you can submit…
        </Typography>
      ) : eligibility.isError ? (
        <Alert severity="error">
          {eligibility.error instanceof ApiError
            ? eligibility.error.userMessage()
            : MESSAGES.dashboard.unexpected}
        </Alert>
      ) : eligibility.data.reason ? (
        <SubmitRefused reason={eligibility.data.reason} contest={contest} />
      ) : (
        <>
          {agreement.isError ? (
            <AgreementLoadFailed onRetry={() => void agreement.refetch()} />
          ) : agreement.isSuccess ? (
            <AgreementAcceptance
              agreement={agreement.data}
              checked={submission.agreementChecked}
              onCheckedChange={submission.setAgreementChecked}
              refused={agreementRefused}
            />
          ) : null}
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {entry ? 'Upload a new version' : 'Upload your video'}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              The file is checked against the brief in your browser before anything is sent.
            </Typography>
            <Button
              variant="contained"
              onClick={() => setUploadOpen(true)}
              disabled={submit.isPending || !agreementOk}
            >
              Upload a video
            </Button>
          </Paper>
          <ChooseEntryVideo
            contest={contest}
            entry={entry}
            videos={videos}
            chosen={submission.chosen}
            onChoose={submission.choose}
            confirmed={submission.confirmed}
            onConfirmedChange={submission.setConfirmed}
            submitting={submit.isPending}
            agreementOk={agreementOk}
            onSubmit={send}
          />
          {submission.chosen !== null && renderVideoCheck?.(submission.chosen)}
        </>
      )}

      {submit.isPending && <Typography role="status">Submitting your video…</Typography>}
      {submit.error && !agreementRefused && (
        <Alert severity="error" role="alert">
          {submit.error instanceof ApiError
            ? submit.error.userMessage()
            : 'Your video could not be submitted.'}
          {submission.refusedChecks && (
            <Box sx={{ mt: 1 }}>
              <EntryChecks checks={submission.refusedChecks} />
            </Box>
          )}
        </Alert>
      )}

      {eligibility.data?.can_submit &&
        renderUpload({
          open: uploadOpen,
          onClose: () => setUploadOpen(false),
          onUploaded: (video, { warningsConfirmed }) => send(video.id, warningsConfirmed),
        })}
    </Stack>
  );
}

/** The contest, when videos are due, and its requirements. */
function ContestDeadline({ contest }: { contest: ContestResponse }) {
  const deadline = formatContestDate(contest.submission_deadline, contest.timezone, { time: true });
  return (
    <Box>
      <Typography variant="h5" component="p" gutterBottom>
        {contest.title}
      </Typography>
      <Typography color="text.secondary">Videos are due {deadline}.</Typography>
      {contest.requirements.length > 0 && (
        <Box component="ul" sx={{ color: 'text.secondary', pl: 3, mt: 1, mb: 0 }}>
          {contest.requirements.map((line) => (
            <Typography component="li" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The creator's entry so far (or the version just submitted), with a link to it. */
function EntryNotice({ entry, justSubmitted }: { entry: Entry; justSubmitted: boolean }) {
  return (
    <Alert
      severity={justSubmitted ? 'success' : 'info'}
      // Phones: the link goes under the message instead of squeezing it into a narrow column.
      sx={{
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: { xs: '1 0 70%', sm: '1 1 auto' }, minWidth: 0 },
        '& .MuiAlert-action': { ml: { xs: 4, sm: 'auto' }, pt: { xs: 0, sm: 0.5 } },
      }}
      action={
        <Button component={RouterLink} to={entryPath(entry.id)} color="inherit" size="small">
          Open your entry
        </Button>
      }
    >
      <AlertTitle>
        {justSubmitted ? `Version ${entry.version} submitted` : `You submitted version ${entry.version}`}
      </AlertTitle>
      “{entry.video?.title ?? entry.title}” — {ENTRY_STATUS_LABELS[entry.status]}
    </Alert>
  );
}

/** What the server found in the version just submitted, and where the entry stands. */
function SubmittedChecks({ entry }: { entry: Entry }) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Checked against the brief
      </Typography>
      <EntryChecks checks={entry.checks} />
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Timeline
      </Typography>
      <EntryTimeline steps={entry.timeline} />
    </Paper>
  );
}
