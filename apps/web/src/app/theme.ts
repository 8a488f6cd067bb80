import type { ThemeColor } from '@atiende/contracts';
import { createTheme, type Theme } from '@mui/material/styles';
import { type ColorMode, LIGHT_INFO, primaryMain, SECONDARY, SURFACES } from './palette';

export function createAppTheme(color: ThemeColor | null, mode: ColorMode, direction: 'ltr' | 'rtl'): Theme {
  return createTheme({
    direction,
    palette: {
      mode,
      primary: { main: primaryMain(color, mode) },
      secondary: { main: SECONDARY[mode] },
      // Light mode: shades whose text (outlined chips, links) and white-on-fill pass WCAG AA contrast on white and
      // on the light greys of rows and cards (MUI's defaults give 3:1 to 3.9:1).
      ...(mode === 'light'
        ? { info: { main: LIGHT_INFO }, warning: { main: '#b45309' } }
        : // Dark mode: dark text on the light red fills (white on it is 3.7:1).
          { error: { main: '#f44336', contrastText: 'rgba(0, 0, 0, 0.87)' } }),
      background: SURFACES[mode],
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter", "Roboto", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 1 } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
    },
  });
}
