import { Box, type SxProps, type Theme } from '@mui/material';

/** The contest brand's name as a plain wordmark (DESIGN.md), in the current text colour. */
export function HbadaWordmark({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 132 36"
      role="img"
      aria-label="Hbada"
      sx={[{ height: 28, width: 'auto', display: 'block' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <text
        x="0"
        y="28"
        fill="currentColor"
        fontFamily='"Inter Variable", system-ui, sans-serif'
        fontWeight="800"
        fontSize="32"
        letterSpacing="1"
        textLength="128"
        lengthAdjust="spacingAndGlyphs"
      >
        hbada
      </text>
    </Box>
  );
}
