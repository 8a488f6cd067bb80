import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusiness } from '../../app/queries';
import { AuthLanguageButton } from './ui';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  busy?: boolean;
  /** Shown above the title, below the business's logo or name (the lock screen's user). */
  header?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Centered card used by the public screens (login, password recovery, lock screen); plain CSS (auth.css). */
export function AuthLayout({ title, subtitle, busy, header, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation();
  const { data: business } = useBusiness();
  return (
    <div className="auth-page">
      <AuthLanguageButton />
      <main className="auth-card">
        {busy ? (
          <div className="auth-progress" role="progressbar" aria-label={t('common.loading')} data-testid="auth-busy">
            <span />
          </div>
        ) : null}
        <div className="auth-card-content">
          <div className="auth-brand-box">
            {business?.logo ? (
              <img className="auth-logo" src={business.logo} alt={business.nombre} data-testid="auth-logo" />
            ) : (
              <p className="auth-brand" data-testid="auth-brand">
                {business?.nombre || t('app.name')}
              </p>
            )}
          </div>
          {header}
          <h1 className="auth-title">{title}</h1>
          {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
          <div className="auth-body">{children}</div>
        </div>
      </main>
      {footer ? <div className="auth-footer">{footer}</div> : null}
    </div>
  );
}
