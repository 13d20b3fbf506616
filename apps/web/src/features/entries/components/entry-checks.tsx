import { Box, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import WarningIcon from '@mui/icons-material/Warning';
import type { EntryCheck } from '@app/domain';

/** The results of checking a video against the brief, one line each: passed, warning or refused. */
export function EntryChecks({
  checks,
  label = 'Checks against the brief',
}: {
  checks: EntryCheck[];
  label?: string;
}) {
  if (!checks.length)
    return (
      <Typography variant="body2" color="text.secondary">
        The brief states no file requirements.
      </Typography>
    );
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {checks.map((check) => {
        const Icon = check.ok ? CheckCircleIcon : check.severity === 'warning' ? WarningIcon : ErrorIcon;
        const color = check.ok
          ? 'success.main'
          : check.severity === 'warning'
            ? 'warning.main'
            : 'error.main';
        const word = check.ok ? 'Passed' : check.severity === 'warning' ? 'Warning' : 'Not met';
        return (
          <Box
            component="li"
            key={check.rule}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.5 }}
          >
            <Icon fontSize="small" sx={{ color, mt: '2px' }} aria-hidden />
            <Typography variant="body2">
              <Box component="span" sx={{ position: 'absolute', left: -10000 }}>
                {`${word}: `}
              </Box>
              {check.message}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
