import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setUnauthorizedHandler } from './api/client';
import { currentAppearance } from './app/appearance';
import { loadRtlCache } from './app/direction';
import { navigate } from './app/navigation';
import { AppProviders, queryClient } from './app/providers';
import { queryKeys } from './app/queries';
import { AppRouter } from './app/router';
import { currentAppPath, emitSessionReplaced, SESSION_REPLACED_CODE } from './app/sessionEvents';
import { i18nReady } from './core/i18n';
import { clearSession } from './core/session';

// A 401 on an authenticated call means the session was revoked.
setUnauthorizedHandler(({ code }) => {
  if (code === SESSION_REPLACED_CODE && emitSessionReplaced()) return;
  const next = currentAppPath();
  clearSession();
  queryClient.removeQueries({ queryKey: queryKeys.user });
  void navigate(next.startsWith('/app') ? `/login?next=${encodeURIComponent(next)}` : '/login', { replace: true });
});

// The static shell of index.html stays until the texts of the user's language are there (should they fail to load,
// the app still starts: its error pages and retries need React).
const container = document.getElementById('root');
if (container) {
  await Promise.all([
    i18nReady.catch(() => undefined),
    currentAppearance().direction === 'rtl' ? loadRtlCache().catch(() => undefined) : undefined,
  ]);
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}
