import { Box } from '@mui/material';
import { displayFont } from '../theme';

/** The platform wordmark: a play mark and the name. */
export function Logo() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: 28, height: 28 }}>
        <rect width="32" height="32" rx="8" fill="#1E1E27" />
        <path d="M11 8l14 8-14 8z" fill="#F5B301" />
      </Box>
      <Box component="span" sx={{ fontFamily: displayFont, fontSize: 26, letterSpacing: '0.06em', lineHeight: 1 }}>
        Cinematic Contests
      </Box>
    </Box>
  );
}
