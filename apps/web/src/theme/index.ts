import { alpha, createTheme } from '@mui/material/styles';

/** Design tokens (../shared/DESIGN.md): decided once here and used everywhere through the theme. */
const tokens = {
  background: '#0B0B0F',
  surface: '#15151C',
  surfaceRaised: '#1E1E27',
  hairline: 'rgba(255,255,255,0.08)',
  text: '#F5F5F7',
  textSecondary: '#A1A1AA',
  textDisabled: '#6B6B76',
  primary: '#F5B301',
  secondary: '#2DD4BF',
  error: '#F87171',
  success: '#4ADE80',
  warning: '#FBBF24',
  /** The darkest band (the How It Works block) and the scrim over banner videos. */
  deep: '#060608',
  scrim: 'rgba(6,6,8,0.62)',
  /** One light tone for every brand wordmark, so the logo strip reads as one band. */
  logoTone: '#D4D4D8',
  /**
   * Accent hues for generated artwork (avatars, gallery tiles, clip cards): the creators' videos
   * are the colour, so these only appear inside media, never on controls.
   */
  artwork: ['#F5B301', '#2DD4BF', '#A78BFA', '#FB7185', '#60A5FA', '#A3E635'],
};

/** The fallback faces are in fonts.css (stand-ins with the web fonts' widths while they load). */
export const displayFont =
  '"Bebas Neue", "Bebas Neue Fallback", "Inter Variable", "Inter Fallback", system-ui, sans-serif';

export const theme = createTheme({
  palette: {
    mode: 'dark',
    background: { default: tokens.background, paper: tokens.surface },
    text: { primary: tokens.text, secondary: tokens.textSecondary, disabled: tokens.textDisabled },
    primary: { main: tokens.primary, contrastText: '#111111' },
    secondary: { main: tokens.secondary, contrastText: '#0B0B0F' },
    error: { main: tokens.error },
    success: { main: tokens.success },
    warning: { main: tokens.warning },
    divider: tokens.hairline,
  },
  shape: { borderRadius: 12 },
  spacing: 8,
  typography: {
    fontFamily:
      '"Inter Variable", "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontSize: 14,
    h1: {
      fontFamily: displayFont,
      fontSize: 'clamp(2.5rem, 6vw, 4.5rem)',
      lineHeight: 1.05,
      letterSpacing: '0.02em',
    },
    h2: {
      fontFamily: displayFont,
      fontSize: 'clamp(2rem, 4.5vw, 3rem)',
      lineHeight: 1.1,
      letterSpacing: '0.02em',
    },
    h3: { fontSize: '1.5rem', fontWeight: 700 },
    h4: { fontSize: '1.25rem', fontWeight: 700 },
    h5: { fontSize: '1.125rem', fontWeight: 600 },
    h6: { fontSize: '1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { backgroundColor: tokens.background },
        ':focus-visible': { outline: `2px solid ${tokens.primary}`, outlineOffset: 2 },
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiTypography: {
      // MUI 9 spells these textSecondary etc.; the dotted palette paths are accepted as well.
      variants: [
        { props: { color: 'text.primary' }, style: { color: tokens.text } },
        { props: { color: 'text.secondary' }, style: { color: tokens.textSecondary } },
        { props: { color: 'text.disabled' }, style: { color: tokens.textDisabled } },
      ],
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { minHeight: 44, borderRadius: 999, paddingInline: 20 } },
    },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    MuiChip: { styleOverrides: { root: { borderRadius: 999 } } },
    MuiCard: {
      styleOverrides: {
        root: {
          backgroundImage: 'none',
          backgroundColor: tokens.surface,
          border: `1px solid ${tokens.hairline}`,
        },
      },
    },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiDialog: { styleOverrides: { paper: { backgroundColor: tokens.surfaceRaised } } },
    MuiLink: {
      // Links inside text are underlined (not told apart by colour alone); navigation lists opt
      // out with underline="hover".
      defaultProps: { underline: 'always' },
      styleOverrides: {
        root: {
          color: tokens.primary,
          textDecorationColor: alpha(tokens.primary, 0.5),
          textUnderlineOffset: 3,
        },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // A disabled field's helper text still tells the reader something (a judge's form before the
    // window opens): readable, not the disabled grey that fails contrast.
    MuiFormHelperText: {
      styleOverrides: { root: { '&.Mui-disabled': { color: tokens.textSecondary } } },
    },
    MuiTooltip: {
      styleOverrides: { tooltip: { backgroundColor: alpha(tokens.surfaceRaised, 0.95) } },
    },
  },
});

export const themeTokens = tokens;
