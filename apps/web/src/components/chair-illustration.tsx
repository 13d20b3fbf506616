import { Box, type SxProps, type Theme } from '@mui/material';
import type { ChairCode } from '@app/domain';
import { themeTokens } from '../theme';

/** One accent per chair (DESIGN.md): E3 amber, X7 teal, P2 violet. */
export const CHAIR_ACCENTS: Record<ChairCode, string> = {
  E3: themeTokens.artwork[0]!,
  X7: themeTokens.artwork[1]!,
  P2: themeTokens.artwork[2]!,
};

const LINE = themeTokens.logoTone;

/** The five-star base, gas lift and casters every chair shares. */
function Base() {
  return (
    <g>
      <path d="M100 178 V206" />
      <path d="M93 178 H107" />
      <path d="M100 206 L42 218 M100 206 L158 218 M100 206 L66 230 M100 206 L134 230 M100 206 L100 224" />
      <circle cx="42" cy="222" r="4" />
      <circle cx="158" cy="222" r="4" />
      <circle cx="66" cy="234" r="4" />
      <circle cx="134" cy="234" r="4" />
      <circle cx="100" cy="228" r="4" />
    </g>
  );
}

/** E3 PRO: tall mesh back with headrest; the accent is the adjustable lumbar support. */
function E3({ accent }: { accent: string }) {
  return (
    <>
      <Base />
      {/* seat */}
      <path d="M50 160 Q100 148 150 160 L146 176 Q100 186 54 176 Z" />
      {/* backrest */}
      <path d="M64 150 Q58 96 66 46 Q100 36 134 46 Q142 96 136 150 Q100 158 64 150 Z" />
      <path
        d="M74 58 Q100 52 126 58 M72 74 Q100 68 128 74 M71 90 Q100 84 129 90 M71 106 Q100 100 129 106 M72 122 Q100 116 128 122 M74 138 Q100 132 126 138"
        strokeOpacity="0.45"
      />
      {/* headrest */}
      <path d="M76 16 Q100 10 124 16 L122 32 Q100 36 78 32 Z" />
      <path d="M92 34 V42 M108 34 V42" />
      {/* armrests */}
      <path d="M56 168 L52 128 M144 168 L148 128" />
      <path d="M38 126 H64 M136 126 H162" strokeWidth="5" />
      {/* lumbar support */}
      <path d="M66 112 Q100 124 134 112" stroke={accent} strokeWidth="5" />
      <circle cx="140" cy="112" r="4" stroke={accent} />
    </>
  );
}

/** X7 SMART: wide reclining back with a big headrest and a footrest; the accent is the headrest. */
function X7({ accent }: { accent: string }) {
  return (
    <>
      <Base />
      <path d="M48 160 Q98 148 146 160 L142 178 Q98 188 52 178 Z" />
      {/* reclined back */}
      <path d="M62 152 Q50 100 66 44 Q102 32 138 46 Q148 100 138 152 Q100 160 62 152 Z" />
      <path d="M78 60 Q80 104 76 140 M122 60 Q120 104 124 140" strokeOpacity="0.45" />
      <path d="M70 96 Q100 104 130 96" strokeOpacity="0.45" />
      {/* headrest (accent) */}
      <path
        d="M70 14 Q102 4 132 14 Q136 26 130 36 Q102 44 72 36 Q66 26 70 14 Z"
        stroke={accent}
        strokeWidth="4"
      />
      {/* armrests */}
      <path d="M54 168 L50 124 Q52 118 60 118 H70 M140 168 L146 124 Q144 118 136 118 H126" />
      {/* retractable footrest */}
      <path d="M146 170 L176 176 M176 176 L178 190 M170 192 H186" />
    </>
  );
}

/** P2 ERGONOMIC: compact mid-back with flip-up arms; the accent is the flexible back frame. */
function P2({ accent }: { accent: string }) {
  return (
    <>
      <Base />
      <path d="M54 160 Q100 150 146 160 L142 175 Q100 184 58 175 Z" />
      {/* back frame (accent) and mesh */}
      <path d="M68 150 Q62 110 70 64 Q100 54 130 64 Q138 110 132 150" stroke={accent} strokeWidth="5" />
      <path d="M76 72 Q100 66 124 72 Q130 108 124 144 Q100 150 76 144 Q70 108 76 72 Z" />
      <path
        d="M80 88 L120 128 M80 108 L104 132 M96 72 L124 100 M80 128 L86 134 M112 72 L124 84"
        strokeOpacity="0.45"
      />
      {/* flip-up arms */}
      <path d="M60 168 V136 M140 168 V136" />
      <path d="M50 134 H70 M130 134 H150" strokeWidth="5" />
    </>
  );
}

const DRAWINGS: Record<ChairCode, (props: { accent: string }) => React.JSX.Element> = { E3, X7, P2 };

export interface ChairIllustrationProps {
  code: ChairCode;
  /** Accessible name; defaults to e.g. 'E3 chair illustration'. */
  title?: string;
  /** Draw the dark tile behind the chair (default true). */
  tile?: boolean;
  sx?: SxProps<Theme>;
}

/** A clean line drawing of one of the three chairs, one accent colour each, on a dark tile. */
export function ChairIllustration({ code, title, tile = true, sx }: ChairIllustrationProps) {
  const accent = CHAIR_ACCENTS[code];
  const Drawing = DRAWINGS[code];
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
      <Box
        component="svg"
        viewBox="20 0 172 248"
        role="img"
        aria-label={title ?? `${code} chair illustration`}
        sx={{ width: '78%', height: '78%' }}
        fill="none"
        stroke={LINE}
        strokeWidth={3}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <Drawing accent={accent} />
      </Box>
    </Box>
  );
}
