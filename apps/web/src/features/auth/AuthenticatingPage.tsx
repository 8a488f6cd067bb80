import { LIMITS } from '@atiende/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './auth.css';

/** "Authenticating" screen: goes to /login after 3 s. */
export function AuthenticatingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), LIMITS.authenticatingRedirectMs);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="auth-waiting" data-testid="authenticating">
      <span className="app-spinner" role="progressbar" aria-label={t('common.loading')} />
      <h1>{t('auth.authenticating')}</h1>
    </div>
  );
}
