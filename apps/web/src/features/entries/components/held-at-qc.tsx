import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { QC_CHECK_LABELS, type QcRefusal } from '@app/domain';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useQcRefusals } from '../api/qc-refusals';
import { LetThroughDialog } from './let-through-dialog';

export interface HeldAtQcProps {
  contestId: string;
  /** A video's technical check report, shown on demand (the page composes it: features/videos). */
  renderReport(videoId: number): ReactNode;
}

/**
 * "Held at the technical check" on Contest Submissions (staff, issue 51): the submissions the
 * gate refused that staff have not let through, first submissions included (they have no entry
 * yet), each with its failed checks, creator and video; "Let it through" asks a reason. Shown
 * only while something is held.
 */
export function HeldAtQc({ contestId, renderReport }: HeldAtQcProps) {
  const refusals = useQcRefusals(contestId);
  const [letting, setLetting] = useState<QcRefusal | null>(null);
  const [letThrough, setLetThrough] = useState<QcRefusal | null>(null);
  const held = refusals.data ?? [];
  if (!held.length && !letThrough) return null;

  return (
    <Box component="section" aria-labelledby="held-at-qc-title" sx={{ mt: { xs: 3, md: 4 }, mb: 4 }}>
      <Typography id="held-at-qc-title" variant="h4" component="h2" gutterBottom>
        Held at the technical check
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        These submissions failed a check the contest blocks on, so they are not entries yet. When a finding is
        intended, let the video through: its creator can then submit it again.
      </Typography>
      {letThrough && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setLetThrough(null)}>
          “{letThrough.video_title}” is let through: {letThrough.creator.name} can submit it again now.
        </Alert>
      )}
      <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }} aria-label="Held submissions">
        {held.map((refusal) => (
          <HeldCard
            key={refusal.video_id}
            refusal={refusal}
            renderReport={renderReport}
            onLetThrough={() => setLetting(refusal)}
          />
        ))}
      </Stack>
      <LetThroughDialog
        contestId={contestId}
        refusal={letting}
        onClose={() => setLetting(null)}
        onDone={(done) => {
          setLetting(null);
          setLetThrough(done);
        }}
      />
    </Box>
  );
}

function HeldCard({
  refusal,
  renderReport,
  onLetThrough,
}: {
  refusal: QcRefusal;
  renderReport(videoId: number): ReactNode;
  onLetThrough(): void;
}) {
  const [report, setReport] = useState(false);
  const title = refusal.video_title || 'Untitled video';
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none' }}
      aria-label={`${title} by ${refusal.creator.name}`}
    >
      <Stack spacing={1.5}>
        <Box>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={paths.video(refusal.video_id)}>
              {title}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {refusal.creator.name} · refused {formatDateTime(refusal.refused_at)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">Failed:</Typography>
          {refusal.checks.map((id) => (
            <Chip key={id} color="error" variant="outlined" size="small" label={QC_CHECK_LABELS[id]} />
          ))}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={onLetThrough}>
            Let it through
          </Button>
          <Button onClick={() => setReport((shown) => !shown)} aria-expanded={report}>
            {report ? 'Hide the technical check' : 'Show the technical check'}
          </Button>
        </Stack>
        {report && renderReport(refusal.video_id)}
      </Stack>
    </Paper>
  );
}
