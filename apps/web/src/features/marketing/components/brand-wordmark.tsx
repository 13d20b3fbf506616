import { Box } from '@mui/material';
import { displayFont, themeTokens } from '../../../theme';
import type { FictionalBrand, WordmarkFont, WordmarkMark } from '../data/brands';

const FONT_FAMILY: Record<WordmarkFont, string> = {
  display: displayFont,
  sans: '"Inter Variable", system-ui, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  mono: '"DejaVu Sans Mono", ui-monospace, monospace',
};
/** Average glyph width per font size, to size the text box (textLength keeps it exact). */
const GLYPH_WIDTH: Record<WordmarkFont, number> = { display: 0.42, sans: 0.6, serif: 0.58, mono: 0.62 };
const HEIGHT = 40;
const FONT_SIZE = 24;

function Mark({ mark }: { mark: WordmarkMark }) {
  const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 3 } as const;
  switch (mark) {
    case 'ring':
      return <circle cx="14" cy="20" r="10" {...stroke} />;
    case 'triangle':
      return <path d="M4 30 L14 9 L24 30 Z" fill="currentColor" />;
    case 'bars':
      return (
        <g fill="currentColor">
          <rect x="4" y="12" width="4" height="16" />
          <rect x="12" y="8" width="4" height="24" />
          <rect x="20" y="14" width="4" height="12" />
        </g>
      );
    case 'diamond':
      return <path d="M14 8 L24 20 L14 32 L4 20 Z" {...stroke} />;
    case 'wave':
      return <path d="M2 22 q6 -10 12 0 t12 0" {...stroke} strokeLinecap="round" />;
    case 'dot':
      return <circle cx="14" cy="20" r="6" fill="currentColor" />;
    case 'slash':
      return <path d="M8 32 L20 8" {...stroke} strokeWidth={5} strokeLinecap="round" />;
    case 'square':
      return <rect x="6" y="12" width="16" height="16" rx="2" fill="currentColor" />;
    case 'none':
      return null;
  }
}

/** A fictional brand's wordmark as SVG, in the strip's single light tone. */
export function BrandWordmark({ brand }: { brand: FictionalBrand }) {
  const text = brand.upper ? brand.name.toUpperCase() : brand.name;
  const markWidth = brand.mark === 'none' ? 0 : 32;
  const textWidth = Math.round(text.length * (FONT_SIZE * GLYPH_WIDTH[brand.font] + brand.spacing));
  const width = markWidth + textWidth + 4;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={brand.name}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      sx={{ height: 32, width: 'auto', color: themeTokens.logoTone, flexShrink: 0, display: 'block' }}
    >
      <Mark mark={brand.mark} />
      <text
        x={markWidth}
        y="28"
        fill="currentColor"
        fontFamily={FONT_FAMILY[brand.font]}
        fontWeight={brand.weight}
        fontSize={brand.font === 'display' ? FONT_SIZE + 6 : FONT_SIZE}
        letterSpacing={brand.spacing}
        textLength={textWidth}
        lengthAdjust="spacingAndGlyphs"
      >
        {text}
      </text>
    </Box>
  );
}
