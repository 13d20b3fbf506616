import { Chip } from '@mui/material';
import type { ReleaseCounts } from '@app/domain';

/** What an entry's release forms stand at, in words: "Releases: 2 approved, 1 pending". */
export function releaseCountsText(counts: ReleaseCounts): string {
  const parts = [
    counts.approved ? `${counts.approved} approved` : null,
    counts.pending ? `${counts.pending} pending` : null,
    counts.rejected ? `${counts.rejected} rejected` : null,
  ].filter(Boolean);
  return `Releases: ${parts.length ? parts.join(', ') : 'none filed'}`;
}

/**
 * The releases' state of an entry as one chip (issue 31): green when all filed are approved,
 * amber while any waits for review, red while a rejected one stands; grey when none is filed.
 */
export function ReleaseCountsChip({ counts, size }: { counts?: ReleaseCounts; size?: 'small' | 'medium' }) {
  if (!counts) return null;
  const color = counts.pending
    ? 'warning'
    : counts.rejected
      ? 'error'
      : counts.approved
        ? 'success'
        : 'default';
  return <Chip size={size} variant="outlined" color={color} label={releaseCountsText(counts)} />;
}
