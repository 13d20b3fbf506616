import { Box, Typography } from '@mui/material';

const KEYS: [string, string][] = [
  ['j', 'next'],
  ['k', 'previous'],
  ['a', 'approve'],
  ['r', 'reject'],
  ['x', 'select'],
];

/** The queue's keys, always on screen. */
export function KeyboardHint() {
  return (
    <Typography
      component="p"
      variant="body2"
      id="review-keys"
      sx={{ color: 'text.secondary', display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      <span>Keyboard:</span>
      {KEYS.map(([key, action]) => (
        <Box component="span" key={key} sx={{ whiteSpace: 'nowrap' }}>
          <Box
            component="kbd"
            sx={{
              display: 'inline-block',
              minWidth: 24,
              px: 0.75,
              mr: 0.5,
              borderRadius: 0.5,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              color: 'text.primary',
              fontFamily: 'inherit',
              fontWeight: 600,
              textAlign: 'center',
            }}
          >
            {key}
          </Box>
          {action}
        </Box>
      ))}
    </Typography>
  );
}
