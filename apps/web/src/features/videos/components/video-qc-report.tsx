import { Alert, Box, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import {
  formatQcTime,
  formatQcValue,
  judgeQc,
  QC_ADVICE,
  QC_REPORT_TEXTS as T,
  type QcCheck,
  type VideoRequirements,
} from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useVideoQc } from '../api/get-video-qc';

export interface VideoQcReportProps {
  videoId: number;
  /**
   * A contest's requirements to judge the measurements against (Submit Video, before the video is
   * entered): its delivery spec, its brief, and its blocking checks marked as such. Without them,
   * the checks as the server judged them.
   */
  requirements?: VideoRequirements;
  /** The heading's level: h2 on a page of its own sections, h3 inside one. */
  headingComponent?: 'h2' | 'h3';
  /** Shown to judges, the brand or staff: no advice to fix before entering. */
  forReviewer?: boolean;
}

const RESULT_COLOR = { pass: 'success', warn: 'warning', fail: 'error' } as const;

/**
 * A video's technical check (issue 51): each check with its result, the value measured against
 * its target, the stretches where it was found (mm:ss) and what to change. Polls while pending.
 */
export function VideoQcReport({
  videoId,
  requirements,
  headingComponent = 'h2',
  forReviewer = false,
}: VideoQcReportProps) {
  const qc = useVideoQc(videoId);
  const checks =
    qc.data?.status === 'done' && qc.data.facts && requirements
      ? judgeQc(qc.data.facts, requirements.delivery, requirements)
      : (qc.data?.checks ?? []);
  const blocking = requirements?.delivery.blocking ?? [];
  const headingId = `qc-report-${videoId}`;

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component={headingComponent} gutterBottom>
        {T.title}
      </Typography>
      {qc.isPending || qc.data?.status === 'pending' ? (
        <Box role="status">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {T.pending}
          </Typography>
          <LinearProgress aria-label={T.title} />
        </Box>
      ) : qc.isError ? (
        <Alert severity="error">
          {qc.error instanceof ApiError ? qc.error.userMessage() : 'The technical check could not be loaded.'}
        </Alert>
      ) : qc.data.status === 'failed' ? (
        <Alert severity="warning">{qc.data.error}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {blocking.length ? T.blockingNote : forReviewer ? T.introReviewer : T.intro}
          </Typography>
          <Box component="ul" aria-label={T.title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {checks.map((check) => (
              <QcCheckRow key={check.id} check={check} blocks={blocking.includes(check.id)} />
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}

/** One check: its result, the value against the target, where, and what to change. */
function QcCheckRow({ check, blocks }: { check: QcCheck; blocks: boolean }) {
  const failing = check.result !== 'pass';
  return (
    <Box
      component="li"
      aria-label={`${check.label}: ${T.result[check.result]}${blocks && check.result === 'fail' ? `, ${T.blocking}` : ''}`}
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" label={T.result[check.result]} color={RESULT_COLOR[check.result]} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {check.label}
        </Typography>
        {blocks && check.result === 'fail' && (
          <Chip size="small" variant="outlined" color="error" label={T.blocking} />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {formatQcValue(check.id, check.value)}
        {check.target && ` · ${T.target} ${check.target}`}
      </Typography>
      {failing && check.segments.length > 0 && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {T.at}{' '}
          {check.segments
            .slice(0, 6)
            .map((s) => `${formatQcTime(s.start)}–${formatQcTime(s.end)}`)
            .join(', ')}
          {check.segments.length > 6 && ` (+${check.segments.length - 6})`}
        </Typography>
      )}
      {failing && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {QC_ADVICE[check.id]}
        </Typography>
      )}
    </Box>
  );
}
