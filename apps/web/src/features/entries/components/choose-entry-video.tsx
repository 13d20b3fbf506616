import { Box, Button, Checkbox, FormControlLabel, Paper, Radio, RadioGroup, Typography } from '@mui/material';
import {
  checkEntryVideo,
  containerOfType,
  failedErrors,
  failedWarnings,
  ROUND_ENTRY_LIMITS,
  ROUND_ENTRY_MESSAGES,
  type ContestResponse,
  type Entry,
  type EntryCheck,
  type Video,
} from '@app/domain';
import type { useMyVideos } from '../api/get-my-videos';
import { EntryChecks } from './entry-checks';

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

/**
 * A pitch's one check (issue 47): a video of up to 90 seconds; the brief's checks are the film's.
 */
function pitchChecks(video: Video): EntryCheck[] {
  const ok = video.duration !== null && video.duration <= ROUND_ENTRY_LIMITS.pitchSecondsMax;
  return [
    {
      rule: 'duration',
      ok,
      severity: 'error',
      message: ok
        ? 'This video lasts 90 seconds or less, as a pitch asks.'
        : ROUND_ENTRY_MESSAGES.pitchTooLong,
    },
  ];
}

function formatLength(seconds: number | null): string {
  if (seconds === null) return '';
  const total = Math.round(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * Entering one of the creator's stored videos (those not failed and not entered yet): the one
 * chosen is checked against the brief; errors block it, warnings must be confirmed.
 */
export function ChooseEntryVideo({
  contest,
  entry,
  videos,
  chosen,
  onChoose,
  confirmed,
  onConfirmedChange,
  submitting,
  agreementOk,
  onSubmit,
  pitch = false,
}: {
  contest: ContestResponse;
  /** A pitch round's video (issue 47): up to 90 seconds, not checked against the film's brief. */
  pitch?: boolean;
  /** The creator's entry so far, if any: its videos are not offered again. */
  entry: Entry | null;
  videos: ReturnType<typeof useMyVideos>;
  chosen: number | null;
  onChoose: (videoId: number) => void;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  submitting: boolean;
  agreementOk: boolean;
  onSubmit: (videoId: number, confirmWarnings: boolean) => void;
}) {
  const enteredIds = new Set(entry?.versions.flatMap((v) => (v.video ? [v.video.id] : [])) ?? []);
  const candidates = (videos.data?.results ?? []).filter(
    (v) => v.status !== 'failed' && !enteredIds.has(v.id),
  );
  const chosenVideo = candidates.find((v) => v.id === chosen) ?? null;
  const chosenChecks = !chosenVideo
    ? []
    : pitch
      ? pitchChecks(chosenVideo)
      : checksOfVideo(chosenVideo, contest);
  return (
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
          onChange={(event) => onChoose(Number(event.target.value))}
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
              control={<Checkbox checked={confirmed} onChange={(e) => onConfirmedChange(e.target.checked)} />}
              label="I have read the warnings and want to submit this video anyway"
            />
          )}
          <Box sx={{ mt: 2 }}>
            <Button
              variant="contained"
              disabled={
                submitting ||
                !agreementOk ||
                failedErrors(chosenChecks).length > 0 ||
                (failedWarnings(chosenChecks).length > 0 && !confirmed)
              }
              onClick={() => onSubmit(chosenVideo.id, confirmed)}
            >
              {submitting ? 'Submitting...' : entry ? 'Submit as a new version' : 'Submit this video'}
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
