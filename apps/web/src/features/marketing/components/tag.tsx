import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** A small outlined label (a static chip: MUI's Chip and its delete icon are not needed for it). */
export function Tag({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        alignSelf: 'flex-start',
        display: 'inline-flex',
        alignItems: 'center',
        height: 24,
        px: 1.25,
        borderRadius: 999,
        border: 1,
        borderColor: 'divider',
        fontSize: '0.8125rem',
        lineHeight: 1,
        color: 'text.primary',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}
