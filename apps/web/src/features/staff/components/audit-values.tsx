import { Box, Typography } from '@mui/material';

/** A before/after value as readable lines: `field: value` for objects, the value itself otherwise. */
export function auditLines(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object') return [String(value)];
  if (Array.isArray(value))
    return [value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ')];
  return Object.entries(value as Record<string, unknown>).map(([key, item]) => {
    const shown =
      item === null || item === undefined || item === ''
        ? '—'
        : typeof item === 'object'
          ? JSON.stringify(item)
          : String(item);
    return `${key.replace(/_/g, ' ')}: ${shown}`;
  });
}

/** One side of a change ('Before' or 'After'), or '—' when there is nothing on that side. */
export function AuditValue({ label, value }: { label: string; value: unknown }) {
  const lines = auditLines(value);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      {lines.length === 0 ? (
        <Typography variant="body2">—</Typography>
      ) : (
        lines.map((line) => (
          <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))
      )}
    </Box>
  );
}
