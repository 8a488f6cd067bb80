import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import i18n from '../core/i18n';
import { lazyNamed } from '../ui/lazy';
import { SnackbarProvider } from '../ui/SnackbarProvider';
import '../ui/plain.css';
import { useAppearance, useThemeColor } from './appearance';
import { useAppliedDirection } from './direction';
import { primaryContrastText, primaryMain } from './palette';

// The snackbar is MUI's: in the theme, loaded with it (the sign-in pages do not load MUI otherwise).
const SnackbarTheme = lazyNamed(() => import('./MuiTheme'), 'MuiThemeWithoutBaseline');

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

/**
 * The document follows the appearance and the language: `lang`, `dir`, `data-mode` and the primary colour as CSS
 * variables (`--app-primary`, `--app-on-primary`) for what is drawn without MUI (ui/plain.css, the sign-in pages),
 * and the browser's theme colour. MUI's theme (MuiTheme.tsx) takes the same colours from app/palette.ts.
 */
function DocumentAppearance() {
  const appearance = useAppearance();
  const { i18n: instance } = useTranslation();
  const direction = useAppliedDirection();
  const primary = primaryMain(useThemeColor(), appearance.mode);

  useEffect(() => {
    document.documentElement.lang = instance.language;
    document.documentElement.dir = direction;
  }, [instance.language, direction]);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.mode = appearance.mode;
    root.style.setProperty('--app-primary', primary);
    root.style.setProperty('--app-on-primary', primaryContrastText(appearance.mode));
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
  }, [appearance.mode, primary]);

  return null;
}

/**
 * What every page runs in: texts, queries, the document's look and the snackbar. MUI's theme is not here: the
 * sign-in pages are drawn without MUI, so the login page does not download it (docs/performance.md); the router
 * wraps every other page in `MuiTheme`, loaded with the first of them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DocumentAppearance />
        <SnackbarProvider frame={SnackbarTheme}>{children}</SnackbarProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
