import { Alert, AlertTitle, Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import {
  checkEntryVideo,
  containerOfType,
  failedErrors,
  failedWarnings,
  type ContestResponse,
  type EntryCheck,
} from '@app/domain';
import type { VideoFileInfo } from '../lib/read-video-info';

export type BriefContest = Pick<ContestResponse, 'title' | 'video_requirements'>;

/**
 * The chosen file checked against the contest's requirements in the browser, before anything is
 * sent: the same rule (`checkEntryVideo`) the server runs on its ffprobe metadata. The browser's
 * <video> already shows a phone clip upright, so its size is taken as shown.
 */
export function briefChecksOf(
  contest: BriefContest,
  file: File,
  info: VideoFileInfo | null | 'reading',
): EntryCheck[] | null {
  if (info === 'reading') return null;
  return checkEntryVideo(
    {
      durationSeconds: info?.durationSeconds ?? null,
      width: info?.width ?? null,
      height: info?.height ?? null,
      rotation: 0,
      container: containerOfType(file.type, file.name),
    },
    contest.video_requirements,
  );
}

export interface ContestBriefCheckProps {
  contest: BriefContest;
  /** What the browser read from the chosen file: 'reading', null when it cannot decode it. */
  info: VideoFileInfo | null | 'reading';
  checks: EntryCheck[] | null;
  warningsConfirmed: boolean;
  onConfirmWarnings: (confirmed: boolean) => void;
}

/**
 * For a contest entry: whether the chosen file meets the brief (orientation, aspect ratio, length,
 * resolution, container). A failed hard rule keeps the file from being sent; warnings need the
 * creator's confirmation.
 */
export function ContestBriefCheck({
  contest,
  info,
  checks,
  warningsConfirmed,
  onConfirmWarnings,
}: ContestBriefCheckProps) {
  const heading = `Contest brief: ${contest.title}`;
  if (info === 'reading' || checks === null) {
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        Checking the file against the contest brief…
      </Typography>
    );
  }
  if (info === null) {
    return (
      <Alert severity="info" role="status">
        <AlertTitle>{heading}</AlertTitle>
        This browser cannot read the file's length and size, so it cannot be checked against the brief here.
        The server checks it after the upload.
      </Alert>
    );
  }
  if (!checks.length) return null;
  const errors = failedErrors(checks);
  const warnings = failedWarnings(checks);
  const severity = errors.length ? 'error' : warnings.length ? 'warning' : 'success';
  return (
    <Alert severity={severity} role="status">
      <AlertTitle>
        {errors.length
          ? 'This file does not meet the contest brief'
          : warnings.length
            ? 'This file is outside part of the contest brief'
            : 'This file meets the contest brief'}
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {heading}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {checks.map((check) => (
          <Typography
            component="li"
            variant="body2"
            key={check.rule}
            sx={{ fontWeight: check.ok ? 400 : 600 }}
          >
            {check.message}
          </Typography>
        ))}
      </Box>
      {errors.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Choose another file: this one would be refused.
        </Typography>
      )}
      {!errors.length && warnings.length > 0 && (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox
              checked={warningsConfirmed}
              onChange={(event) => onConfirmWarnings(event.target.checked)}
            />
          }
          label="I have read the warnings and want to submit this file anyway"
        />
      )}
    </Alert>
  );
}
