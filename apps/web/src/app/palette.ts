import { DEFAULT_THEME, type ThemeColor } from '@atiende/contracts';
import { blue, brown, green, grey, lightBlue, lightGreen, orange, purple, red } from '@mui/material/colors';

// Plain colour tables (no styling engine): the MUI theme (theme.ts) and the sign-in pages, which are drawn without
// MUI (features/auth/auth.css), take their colours from here, so both look the same.

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

export type ColorMode = 'light' | 'dark';

/** The primary colour of a theme colour (null: the default theme) in a mode: dark mode takes the light 300 shade. */
export function primaryMain(color: ThemeColor | null, mode: ColorMode): string {
  const key = color && PALETTES[color] ? color : DEFAULT_THEME;
  const palette = PALETTES[key];
  return mode === 'light' ? palette[LIGHT_SHADE[key]] : palette[300];
}

/** The text on a primary fill: white on light mode's dark shades, near-black on dark mode's light ones. */
export function primaryContrastText(mode: ColorMode): string {
  return mode === 'light' ? '#fff' : 'rgba(0, 0, 0, 0.87)';
}

/** Page and card backgrounds per mode. */
export const SURFACES: Record<ColorMode, { default: string; paper: string }> = {
  light: { default: grey[100], paper: '#fff' },
  dark: { default: '#121212', paper: '#1e1e1e' },
};

/** The secondary colour per mode. */
export const SECONDARY: Record<ColorMode, string> = { light: grey[800], dark: grey[300] };

/** Light mode's info colour: its text passes WCAG AA on white and on the light greys of rows and cards. */
export const LIGHT_INFO = lightBlue[900];
