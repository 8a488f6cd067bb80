import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { api, fieldErrors, isOk } from '../../api/client';
import { useRealtime } from '../../app/realtime';
import { clearSession, setPaused, useSession } from '../../core/session';
import { useSnackbar } from '../../ui/SnackbarProvider';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { unlockAgent, useForcedStatus } from '../desk/agentStatus';
import { AuthLayout } from './AuthLayout';
import { AuthButton, AuthTextField, Icon, PasswordField } from './ui';

export function LockscreenPage() {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const navigate = useNavigate();
  const { token, user } = useSession();
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormErrors({
    values: { email, password },
    rules: (values) => {
      const found: FieldErrors = {};
      if (!values.email.trim()) found.email = t('validation.required');
      if (!values.password) found.password = t('validation.required');
      return found;
    },
  });
  const { errors } = form;
  // While paused the app shell is not mounted: listen here for a supervisor ending (or changing) the pause.
  useRealtime();
  useForcedStatus();

  if (!token) return <Navigate to="/login" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.check()) return;
    setBusy(true);
    const answer = await api.post<null>('checkCredentials', { email, password }, { ignoreUnauthorized: true });
    if (isOk(answer)) {
      // Spec: after unlocking the status becomes A and the pause flag clears.
      await unlockAgent();
      setBusy(false);
      setPaused(false);
      navigate('/app', { replace: true });
      return;
    }
    setBusy(false);
    form.show(fieldErrors(answer));
    notify(answer.message || t('auth.lock.failed'), 'error');
  };

  const signOut = () => {
    void api.post('logout', undefined, { ignoreUnauthorized: true });
    clearSession();
    navigate('/login', { replace: true });
  };

  return (
    <AuthLayout
      title={t('auth.lock.title')}
      subtitle={t('auth.lock.subtitle')}
      busy={busy}
      header={
        <div className="auth-user">
          <div className="auth-avatar">
            {user?.url_image ? <img src={user.url_image} alt={user.nombre} /> : <Icon name="lock" />}
          </div>
          {user?.nombre ? <p className="auth-user-name">{user.nombre}</p> : null}
        </div>
      }
    >
      <form ref={form.formRef} noValidate onSubmit={onSubmit} data-testid="lock-form">
        <AuthTextField
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          disabled={busy}
          testId="lock-email"
          maxLength={254}
        />
        <PasswordField
          testId="lock-password"
          label={t('auth.password')}
          autoComplete="current-password"
          autoFocus
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          disabled={busy}
        />
        <AuthButton type="submit" variant="contained" size="large" fullWidth loading={busy} testId="lock-submit">
          {t('auth.lock.submit')}
        </AuthButton>
        <div className="auth-row" data-align="center">
          <button type="button" className="auth-link" onClick={signOut} data-testid="lock-logout">
            {t('auth.lock.otherUser')}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
