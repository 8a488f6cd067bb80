import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import i18n from '../core/i18n';
import { SnackbarProvider } from '../ui/SnackbarProvider';
import { useAppearance } from './appearance';
import { useBusiness } from './queries';
import { createAppTheme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

const ltrCache = createCache({ key: 'mui', prepend: true });
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin], prepend: true });

function ThemedApp({ children }: { children: ReactNode }) {
  const appearance = useAppearance();
  const { data: business } = useBusiness();
  const { i18n: instance } = useTranslation();
  const color = appearance.color ?? business?.theme ?? null;
  const theme = useMemo(
    () => createAppTheme(color, appearance.mode, appearance.direction),
    [color, appearance.mode, appearance.direction],
  );

  useEffect(() => {
    document.documentElement.lang = instance.language;
    document.documentElement.dir = appearance.direction;
  }, [instance.language, appearance.direction]);

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.primary.main);
  }, [theme]);

  return (
    <CacheProvider value={appearance.direction === 'rtl' ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider>{children}</SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedApp>{children}</ThemedApp>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
