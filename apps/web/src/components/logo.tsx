import { Box } from '@mui/material';
import { displayFont, themeTokens } from '../theme';

/** The platform wordmark: a play mark and the name. */
export function Logo() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: 28, height: 28, flexShrink: 0 }}>
        <rect width="32" height="32" rx="8" fill={themeTokens.surfaceRaised} />
        <path d="M11 8l14 8-14 8z" fill={themeTokens.primary} />
      </Box>
      <Box
        component="span"
        sx={{
          fontFamily: displayFont,
          fontSize: { xs: 19, sm: 26 },
          letterSpacing: '0.06em',
          lineHeight: 1,
          whiteSpace: 'nowrap',
        }}
      >
        Cinematic Contests
      </Box>
    </Box>
  );
}
