import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useAppearance, useThemeColor } from './appearance';
import { useAppliedDirection, useRtlCache } from './direction';
import { createAppTheme } from './theme';

const ltrCache = createCache({ key: 'mui', prepend: true });

/** True below a `MuiTheme`: a nested one then adds nothing. */
const ThemeInPlace = createContext(false);

function ThemedTree({ children, baseline }: { children: ReactNode; baseline: boolean }) {
  const appearance = useAppearance();
  const direction = useAppliedDirection();
  const rtl = useRtlCache();
  const color = useThemeColor();
  const theme = useMemo(() => createAppTheme(color, appearance.mode, direction), [color, appearance.mode, direction]);
  return (
    <CacheProvider value={direction === 'rtl' && rtl ? rtl : ltrCache}>
      <ThemeProvider theme={theme}>
        {baseline ? <CssBaseline /> : null}
        <ThemeInPlace.Provider value={true}>{children}</ThemeInPlace.Provider>
      </ThemeProvider>
    </CacheProvider>
  );
}

/**
 * MUI's theme (the appearance's or the business's colour, mode and direction) with its baseline styles, around
 * every page but the sign-in ones (app/router.tsx). What the sign-in pages open from MUI (the snackbar, the language
 * menu) wraps itself in one without the baseline; below another `MuiTheme` it adds nothing.
 */
export function MuiTheme({ children, baseline = true }: { children: ReactNode; baseline?: boolean }) {
  const inPlace = useContext(ThemeInPlace);
  return inPlace ? children : <ThemedTree baseline={baseline}>{children}</ThemedTree>;
}

/** `MuiTheme` without the baseline styles: for what the sign-in pages open from MUI (the snackbar, menus). */
export function MuiThemeWithoutBaseline({ children }: { children: ReactNode }) {
  return <MuiTheme baseline={false}>{children}</MuiTheme>;
}
