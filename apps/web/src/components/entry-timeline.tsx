import { Box, Typography } from '@mui/material';
import { ENTRY_STATUS_LABELS, type EntryStatus } from '@app/domain';

export interface TimelineStep {
  step: EntryStatus;
  version: number | null;
  at: string;
  detail?: string;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A contest entry's status timeline (issue 15): every step it went through with its date,
 * newest last, the current one highlighted. Shared by the entry page and the creator dashboard.
 */
export function EntryTimeline({
  steps,
  label = 'Status timeline',
}: {
  steps: TimelineStep[];
  label?: string;
}) {
  if (!steps.length) return null;
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {steps.map((step, index) => {
        const current = index === steps.length - 1;
        return (
          <Box
            component="li"
            key={`${step.step}-${step.at}-${index}`}
            aria-current={current ? 'step' : undefined}
            sx={{ display: 'flex', gap: 1.5, pb: current ? 0 : 1.5, position: 'relative' }}
          >
            <Box
              aria-hidden
              sx={{
                mt: 0.75,
                width: 10,
                height: 10,
                flexShrink: 0,
                borderRadius: '50%',
                bgcolor: current ? 'primary.main' : 'text.disabled',
              }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: current ? 600 : 400 }}>
                {ENTRY_STATUS_LABELS[step.step]}
                {step.version !== null && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {` · version ${step.version}`}
                  </Typography>
                )}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                <time dateTime={step.at}>{dateFormat.format(new Date(step.at))}</time>
                {step.detail ? ` — ${step.detail}` : ''}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
