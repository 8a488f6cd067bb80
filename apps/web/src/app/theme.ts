import { DEFAULT_THEME, type ThemeColor } from '@atiende/contracts';
import { blue, brown, green, grey, lightBlue, lightGreen, orange, purple, red } from '@mui/material/colors';
import { createTheme, type Theme } from '@mui/material/styles';

type Shades = Record<50 | 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900, string>;

const PALETTES: Record<ThemeColor, Shades> = { red, green, blue, purple, orange, grey, lightGreen, lightBlue, brown };

/** Main shade per colour in light mode, chosen so white text on it stays readable (WCAG AA for buttons). */
const LIGHT_SHADE: Record<ThemeColor, keyof Shades> = {
  red: 700,
  green: 800,
  blue: 700,
  purple: 600,
  orange: 900,
  grey: 700,
  lightGreen: 900,
  lightBlue: 900,
  brown: 600,
};

export function createAppTheme(color: ThemeColor | null, mode: 'light' | 'dark', direction: 'ltr' | 'rtl'): Theme {
  const palette = PALETTES[color ?? DEFAULT_THEME] ?? PALETTES[DEFAULT_THEME];
  const key = color ?? DEFAULT_THEME;
  const main = mode === 'light' ? palette[LIGHT_SHADE[key]] : palette[300];
  return createTheme({
    direction,
    palette: {
      mode,
      primary: { main },
      secondary: { main: mode === 'light' ? grey[800] : grey[300] },
      // Light mode: shades whose text (outlined chips, links) and white-on-fill pass WCAG AA contrast on white and
      // on the light greys of rows and cards (MUI's defaults give 3:1 to 3.9:1).
      ...(mode === 'light'
        ? { info: { main: lightBlue[900] }, warning: { main: '#b45309' } }
        : // Dark mode: dark text on the light red fills (white on it is 3.7:1).
          { error: { main: '#f44336', contrastText: 'rgba(0, 0, 0, 0.87)' } }),
      background: mode === 'light' ? { default: grey[100], paper: '#fff' } : { default: '#121212', paper: '#1e1e1e' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter", "Roboto", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 1 } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  });
}
