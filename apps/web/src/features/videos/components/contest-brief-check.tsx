import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { checkVideoAgainstBrief, videoBriefOf, type ContestResponse } from '@app/domain';
import type { VideoFileInfo } from '../lib/read-video-info';

export type BriefContest = Pick<ContestResponse, 'title' | 'video_requirements'>;

export interface ContestBriefCheckProps {
  contest: BriefContest;
  /** What the browser read from the chosen file: 'reading', null when it cannot decode it. */
  info: VideoFileInfo | null | 'reading';
}

/**
 * For a contest entry: whether the chosen file meets the brief's length and orientation (the
 * contest's machine-readable video requirements, checked by the shared domain rule), shown before
 * anything is sent.
 */
export function ContestBriefCheck({ contest, info }: ContestBriefCheckProps) {
  const brief = videoBriefOf(contest.video_requirements);
  if (!brief.duration && !brief.orientation) return null;
  const heading = `Contest brief: ${contest.title}`;

  if (info === 'reading') {
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
        Make sure it follows the brief before you upload.
      </Alert>
    );
  }
  const checks = checkVideoAgainstBrief(info, brief);
  const meets = checks.every((check) => check.ok);
  return (
    <Alert severity={meets ? 'success' : 'warning'} role="status">
      <AlertTitle>
        {meets ? 'This file meets the contest brief' : 'This file does not meet the contest brief'}
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
    </Alert>
  );
}
