import { Box, type SxProps, type Theme } from '@mui/material';
import { themeTokens } from '../theme';

/** The accent of the `index`-th product of a contest (artwork hues; DESIGN.md: one accent each). */
export function productAccent(index: number): string {
  return themeTokens.artwork[index % themeTokens.artwork.length]!;
}

/** A neutral line drawing for a product with no picture: a parcel on a plinth. */
function GenericProduct({ accent, title }: { accent: string; title: string }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 200 248"
      role="img"
      aria-label={title}
      sx={{ width: '78%', height: '78%' }}
      fill="none"
      stroke={themeTokens.logoTone}
      strokeWidth={3}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M100 52 L160 82 L100 112 L40 82 Z" />
      <path d="M40 82 V162 L100 192 V112 M160 82 V162 L100 192" />
      <path d="M70 67 L130 97 V124" stroke={accent} strokeWidth={5} />
      <path d="M28 214 H172" strokeOpacity={0.45} />
      <path d="M52 228 H148" strokeOpacity={0.45} />
    </Box>
  );
}

export interface ProductImageProps {
  /** The product's picture URL (its record's `image_url`); null draws the neutral illustration. */
  src: string | null;
  /** Accessible name, e.g. 'X7 SMART chair'. */
  title: string;
  /** Tints the tile and the neutral illustration (see productAccent). */
  accent?: string;
  /** Draw the dark tile behind the product (default true). */
  tile?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A contest product's picture on a dark tile: the picture its record names, or a neutral drawing,
 * so a product of any contest renders without code of its own.
 */
export function ProductImage({ src, title, accent = productAccent(0), tile = true, sx }: ProductImageProps) {
  return (
    <Box
      sx={[
        {
          aspectRatio: '4 / 5',
          width: '100%',
          display: 'grid',
          placeItems: 'center',
          borderRadius: 3,
          overflow: 'hidden',
          ...(tile && {
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            backgroundImage: `radial-gradient(circle at 50% 35%, ${accent}1F 0%, transparent 60%)`,
          }),
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt={title}
          loading="lazy"
          decoding="async"
          sx={{ width: '78%', height: '78%', objectFit: 'contain' }}
        />
      ) : (
        <GenericProduct accent={accent} title={title} />
      )}
    </Box>
  );
}
