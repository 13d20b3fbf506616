import { Box } from '@mui/material';
import { themeTokens } from '../../../theme';

const hue = (index: number) => themeTokens.artwork[index % themeTokens.artwork.length];

/** A generated avatar: the person's initials on a two-hue gradient (no photos anywhere). */
export function GradientAvatar({ name, tone, size = 48 }: { name: string; tone: number; size?: number }) {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const id = `avatar-${tone}-${initials}`;
  return (
    <Box
      component="svg"
      viewBox="0 0 48 48"
      aria-hidden
      sx={{ width: size, height: size, flexShrink: 0, borderRadius: '50%' }}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={hue(tone)} />
          <stop offset="1" stopColor={hue(tone + 2)} />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="24" fill={`url(#${id})`} />
      <text
        x="24"
        y="30"
        textAnchor="middle"
        fontSize="17"
        fontWeight="700"
        fill={themeTokens.deep}
        fontFamily="inherit"
      >
        {initials}
      </text>
    </Box>
  );
}

/**
 * A generated still: a dark frame with a soft light in one hue and a horizon line, standing in
 * for a frame of someone's work. An empty label makes it decorative.
 */
export function GradientStill({ tone, seed, label }: { tone: number; seed: number; label: string }) {
  const id = `still-${tone}-${seed}`;
  const cx = 20 + ((seed * 37) % 60);
  return (
    <Box
      component="svg"
      viewBox="0 0 160 90"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      sx={{ width: '100%', height: 'auto', display: 'block', borderRadius: 0.5 }}
    >
      <defs>
        <radialGradient id={id} cx={`${cx}%`} cy="35%" r="70%">
          <stop offset="0" stopColor={hue(tone)} stopOpacity="0.9" />
          <stop offset="0.55" stopColor={hue(tone)} stopOpacity="0.18" />
          <stop offset="1" stopColor={themeTokens.deep} />
        </radialGradient>
      </defs>
      <rect width="160" height="90" fill={themeTokens.deep} />
      <rect width="160" height="90" fill={`url(#${id})`} />
      <path
        d={`M0 ${62 + (seed % 3) * 4} Q 80 ${50 + (seed % 5) * 3} 160 ${64 - (seed % 4) * 3} V90 H0 Z`}
        fill={themeTokens.deep}
        opacity="0.85"
      />
    </Box>
  );
}
