import { Button, Checkbox, FormControlLabel, Stack } from '@mui/material';
import type { StaffVideo } from '@app/domain';

/**
 * One decision for several rows: select every row of the page waiting for review, then approve
 * the selected (those done processing) or reject them. Hidden when nothing on the page waits.
 */
export function BulkDecisionBar({
  videos,
  selected,
  onSelect,
  busy,
  onApprove,
  onReject,
}: {
  videos: StaffVideo[];
  selected: ReadonlySet<number>;
  onSelect: (selected: ReadonlySet<number>) => void;
  busy: boolean;
  onApprove: (ids: number[]) => void;
  onReject: (ids: number[]) => void;
}) {
  const pendingIds = videos.filter((video) => video.review_status === 'pending').map((video) => video.id);
  if (pendingIds.length === 0) return null;
  const chosen = [...selected].filter((id) => pendingIds.includes(id));
  const approvable = videos
    .filter((video) => chosen.includes(video.id) && video.status === 'ready')
    .map((video) => video.id);
  const allSelected = pendingIds.every((id) => selected.has(id));
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      role="region"
      aria-label="Bulk decision"
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <FormControlLabel
        control={
          <Checkbox
            checked={allSelected}
            indeterminate={chosen.length > 0 && !allSelected}
            onChange={() => onSelect(allSelected ? new Set() : new Set(pendingIds))}
          />
        }
        label={chosen.length ? `${chosen.length} selected` : 'Select all on this page'}
      />
      <Button
        variant="outlined"
        disabled={busy || approvable.length === 0}
        onClick={() => onApprove(approvable)}
      >
        Approve selected
      </Button>
      <Button
        variant="outlined"
        color="error"
        disabled={busy || chosen.length === 0}
        onClick={() => onReject(chosen)}
      >
        Reject selected
      </Button>
    </Stack>
  );
}
