import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
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
let rtlCache: EmotionCache | null = null;

/**
 * Loads the right-to-left cache (stylis-plugin-rtl and cssjanus, about 4 KB of gzip) the first time it is needed:
 * main.tsx waits for it before the first render when the browser's appearance is right-to-left, the app when the
 * direction changes to it (until it is there the page stays left-to-right, a few milliseconds).
 */
export async function loadRtlCache(): Promise<EmotionCache> {
  rtlCache ??= (await import('./rtlCache')).rtlCache;
  return rtlCache;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const appearance = useAppearance();
  const { data: business } = useBusiness();
  const { i18n: instance } = useTranslation();
  const [rtl, setRtl] = useState(rtlCache);
  const wantsRtl = appearance.direction === 'rtl';
  useEffect(() => {
    // Should its chunk fail to load, the page stays left-to-right.
    if (wantsRtl && !rtl) void loadRtlCache().then(setRtl, () => undefined);
  }, [wantsRtl, rtl]);
  // The direction that applies: right-to-left once its cache is there, so the page turns over all at once.
  const direction = wantsRtl && rtl ? 'rtl' : 'ltr';
  const color = appearance.color ?? business?.theme ?? null;
  const theme = useMemo(() => createAppTheme(color, appearance.mode, direction), [color, appearance.mode, direction]);

  useEffect(() => {
    document.documentElement.lang = instance.language;
    document.documentElement.dir = direction;
  }, [instance.language, direction]);

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.primary.main);
  }, [theme]);

  return (
    <CacheProvider value={direction === 'rtl' && rtl ? rtl : ltrCache}>
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
