import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import {
  checkEntryVideo,
  containerOfType,
  ENTRY_STATUS_LABELS,
  failedErrors,
  failedWarnings,
  formatContestDate,
  MESSAGES,
  SUBMIT_REFUSAL_TEXTS,
  type ContestResponse,
  type Entry,
  type EntryCheck,
  type SubmitRefusal,
  type Video,
} from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { agreementChangedIn, contestAgreementKey, useContestAgreement } from '../../../lib/contest-agreement';
import { AgreementLoadFailed } from '../../../components/contest-agreement';
import { acceptedCurrent, AgreementAcceptance } from './agreement-acceptance';
import { EntryTimeline } from '../../../components/entry-timeline';
import { paths } from '../../../config/paths';
import { useEligibility } from '../api/get-eligibility';
import { useMyEntry } from '../api/get-my-entry';
import { useMyVideos } from '../api/get-my-videos';
import { useSubmitEntry } from '../api/submit-entry';
import { EntryChecks } from './entry-checks';
import { entryPath } from '../lib/entry-path';

export interface UploadSlotProps {
  open: boolean;
  onClose: () => void;
  onUploaded: (video: Video, entry: { warningsConfirmed: boolean }) => void;
}

export interface SubmitEntryProps {
  contest: ContestResponse;
  /** The resumable upload dialog (features/videos), composed by the page. */
  renderUpload: (props: UploadSlotProps) => ReactNode;
}

/** The checks of one of the creator's stored videos, from the metadata the server read. */
function checksOfVideo(video: Video, contest: ContestResponse): EntryCheck[] {
  return checkEntryVideo(
    {
      durationSeconds: video.duration,
      width: video.width,
      height: video.height,
      rotation: 0,
      container: containerOfType(video.content_type),
    },
    contest.video_requirements,
  );
}

function formatLength(seconds: number | null): string {
  if (seconds === null) return '';
  const total = Math.round(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The next step offered to a caller who may not submit: where to go, in words. */
function nextStep(reason: SubmitRefusal, contest: ContestResponse): { label: string; to: string } | null {
  switch (reason) {
    case 'not_applied':
      return contest.accepting_applications
        ? { label: 'Apply now', to: paths.contestApply(contest.id) }
        : null;
    case 'application_pending':
      return { label: 'Go to your dashboard', to: paths.creatorDashboard };
    case 'application_declined':
      return { label: 'See other contests', to: paths.contests };
    case 'application_withdrawn':
      return { label: 'Contact us', to: paths.contact };
    case 'submissions_closed':
      return { label: 'Contest details', to: paths.contest(contest.id) };
    case 'not_creator':
      return null;
  }
}

/** Why the caller may not submit (issue 26), with the next step; no upload control. */
function SubmitRefused({ reason, contest }: { reason: SubmitRefusal; contest: ContestResponse }) {
  const text = SUBMIT_REFUSAL_TEXTS[reason];
  const next =
    reason === 'not_applied' && !contest.accepting_applications
      ? MESSAGES.application.contestClosed
      : text.next;
  const step = nextStep(reason, contest);
  return (
    <Alert severity={reason === 'application_pending' ? 'info' : 'warning'}>
      <AlertTitle>{text.title}</AlertTitle>
      {next}
      {step && (
        <Box sx={{ mt: 1.5 }}>
          <Button component={RouterLink} to={step.to} variant="outlined" color="inherit" size="small">
            {step.label}
          </Button>
        </Box>
      )}
    </Alert>
  );
}

/**
 * Submit Video (`/contests/:contestId/submit`, issue 15): a selected creator uploads a new video
 * (checked in the browser before it is sent) or picks one of their own, sees the checks against
 * the brief, confirms warnings, and submits; submitting again adds a version to their entry.
 * Anyone else sees why they may not submit and what to do next, and no upload control (the
 * server's rule, `GET …/entries/eligibility/`).
 */
export function SubmitEntry({ contest, renderUpload }: SubmitEntryProps) {
  const contestId = String(contest.id);
  const eligibility = useEligibility(contestId);
  const mine = useMyEntry(contestId);
  const videos = useMyVideos();
  const submit = useSubmitEntry(contestId);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [submitted, setSubmitted] = useState<Entry | null>(null);
  const agreement = useContestAgreement(contestId);
  const queryClient = useQueryClient();
  const [agreementChecked, setAgreementChecked] = useState(false);
  const agreementRefused = agreementChangedIn(submit.error) !== null;
  // Submitting needs the agreement read: accepted at its current version before, or ticked now.
  const agreementOk =
    agreement.isSuccess && ((acceptedCurrent(agreement.data) && !agreementRefused) || agreementChecked);

  const deadline = formatContestDate(contest.submission_deadline, contest.timezone, { time: true });
  const entry = submitted ?? mine.data ?? null;
  const enteredIds = new Set(entry?.versions.map((v) => v.video.id) ?? []);
  const candidates = (videos.data?.results ?? []).filter(
    (v) => v.status !== 'failed' && !enteredIds.has(v.id),
  );
  const chosenVideo = candidates.find((v) => v.id === chosen) ?? null;
  const chosenChecks = chosenVideo ? checksOfVideo(chosenVideo, contest) : [];
  const refusedChecks =
    submit.error instanceof ApiError && Array.isArray(submit.error.body.checks)
      ? (submit.error.body.checks as EntryCheck[])
      : null;

  const send = (videoId: number, confirmWarnings: boolean) =>
    submit.mutate(
      { video_id: videoId, confirm_warnings: confirmWarnings, agreement_sha256: agreement.data?.sha256 },
      {
        onSuccess: (result) => {
          setSubmitted(result);
          setChosen(null);
          setConfirmed(false);
          setAgreementChecked(false);
          void queryClient.invalidateQueries({ queryKey: contestAgreementKey(contestId) });
        },
        onError: (error) => {
          // The terms changed since they were shown: show the new ones and ask again.
          if (agreementChangedIn(error)) {
            setAgreementChecked(false);
            void queryClient.invalidateQueries({ queryKey: contestAgreementKey(contestId) });
          }
        },
      },
    );

  return (
    <Stack spacing={3}>
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

      {entry && (
        <Alert
          severity={submitted ? 'success' : 'info'}
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
            {submitted ? `Version ${entry.version} submitted` : `You submitted version ${entry.version}`}
          </AlertTitle>
          “{entry.video.title}” — {ENTRY_STATUS_LABELS[entry.status]}
        </Alert>
      )}

      {submitted && (
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Checked against the brief
          </Typography>
          <EntryChecks checks={submitted.checks} />
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            Timeline
          </Typography>
          <EntryTimeline steps={submitted.timeline} />
        </Paper>
      )}

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
              checked={agreementChecked}
              onCheckedChange={setAgreementChecked}
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

          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Or choose one of your videos
            </Typography>
            {videos.isPending && <Typography color="text.secondary">Loading your videos…</Typography>}
            {videos.isSuccess && !candidates.length && (
              <Typography color="text.secondary">No other video of yours to enter yet.</Typography>
            )}
            {candidates.length > 0 && (
              <RadioGroup
                aria-label="Your videos"
                value={chosen === null ? '' : String(chosen)}
                onChange={(event) => {
                  setChosen(Number(event.target.value));
                  setConfirmed(false);
                  submit.reset();
                }}
              >
                {candidates.map((video) => (
                  <FormControlLabel
                    key={video.id}
                    value={String(video.id)}
                    control={<Radio />}
                    label={
                      <span>
                        {video.title}
                        <Typography component="span" variant="body2" color="text.secondary">
                          {` · ${formatLength(video.duration)} · ${video.width ?? '?'}×${video.height ?? '?'}${
                            video.status === 'processing' ? ' · processing' : ''
                          }`}
                        </Typography>
                      </span>
                    }
                  />
                ))}
              </RadioGroup>
            )}
            {chosenVideo && (
              <Box sx={{ mt: 2 }}>
                <EntryChecks checks={chosenChecks} />
                {!failedErrors(chosenChecks).length && failedWarnings(chosenChecks).length > 0 && (
                  <FormControlLabel
                    control={
                      <Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
                    }
                    label="I have read the warnings and want to submit this video anyway"
                  />
                )}
                <Box sx={{ mt: 2 }}>
                  <Button
                    variant="contained"
                    disabled={
                      submit.isPending ||
                      !agreementOk ||
                      failedErrors(chosenChecks).length > 0 ||
                      (failedWarnings(chosenChecks).length > 0 && !confirmed)
                    }
                    onClick={() => send(chosenVideo.id, confirmed)}
                  >
                    {submit.isPending
                      ? 'Submitting...'
                      : entry
                        ? 'Submit as a new version'
                        : 'Submit this video'}
                  </Button>
                </Box>
              </Box>
            )}
          </Paper>
        </>
      )}

      {submit.isPending && <Typography role="status">Submitting your video…</Typography>}
      {submit.error && !agreementRefused && (
        <Alert severity="error" role="alert">
          {submit.error instanceof ApiError
            ? submit.error.userMessage()
            : 'Your video could not be submitted.'}
          {refusedChecks && (
            <Box sx={{ mt: 1 }}>
              <EntryChecks checks={refusedChecks} />
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
