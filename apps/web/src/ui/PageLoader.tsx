import { useTranslation } from 'react-i18next';
import './plain.css';

/**
 * Centered spinner used while a lazy route or the session loads. Plain CSS (ui/plain.css), not MUI: it shows
 * before MUI's code is there, and on the sign-in pages, which do not load MUI.
 */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="page-loader"
      className="app-loader"
      data-full-screen={fullScreen || undefined}
    >
      <span className="app-spinner" role="progressbar" aria-label={t('common.loading')} />
    </div>
  );
}
