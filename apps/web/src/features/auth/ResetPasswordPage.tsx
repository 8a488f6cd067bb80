import { CODES, LIMITS } from '@atiende/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, fieldErrors } from '../../api/client';
import { useSnackbar } from '../../ui/SnackbarProvider';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { AuthLayout } from './AuthLayout';
import { AuthButton, AuthTextField, PasswordField } from './ui';

type Field = 'email' | 'password' | 'password_confirmation' | 'token';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormErrors({
    values: { email, password, password_confirmation: confirmation },
    rules: (values) => {
      const found: FieldErrors = {};
      if (!values.email.trim()) found.email = t('validation.required');
      if (!values.password) found.password = t('validation.required');
      else if (values.password.length < LIMITS.passwordMinLength)
        found.password = t('validation.minLength', { count: LIMITS.passwordMinLength });
      if (!values.password_confirmation) found.password_confirmation = t('validation.required');
      else if (values.password_confirmation !== values.password) {
        found.password_confirmation = t('validation.passwordsDoNotMatch');
      }
      return found;
    },
  });
  const errors: Partial<Record<Field, string>> = form.errors;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.check()) return;
    setBusy(true);
    const answer = await api.post('password/reset', {
      token,
      email,
      password,
      password_confirmation: confirmation,
    });
    setBusy(false);
    if (answer.httpStatus === 200 && answer.code === CODES.PASSWORD_RESET_DONE) {
      notify(answer.message || t('auth.reset.done'), 'success');
      navigate('/login', { replace: true });
      return;
    }
    const fields = fieldErrors(answer);
    form.show(fields);
    notify(fields.token ?? (answer.message || t('errors.unexpected')), 'error');
  };

  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} busy={busy}>
      <form ref={form.formRef} noValidate onSubmit={onSubmit} data-testid="reset-form">
        <AuthTextField
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          disabled={busy}
          testId="reset-email"
          maxLength={254}
        />
        <PasswordField
          testId="reset-password"
          label={t('auth.reset.newPassword')}
          autoComplete="new-password"
          autoFocus
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          helperText={t('validation.minLength', { count: LIMITS.passwordMinLength })}
          disabled={busy}
        />
        <PasswordField
          testId="reset-password-confirmation"
          label={t('auth.reset.confirmPassword')}
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={errors.password_confirmation}
          disabled={busy}
        />
        <AuthButton type="submit" variant="contained" size="large" fullWidth loading={busy} testId="reset-submit">
          {t('auth.reset.submit')}
        </AuthButton>
        <div className="auth-row" data-align="center">
          <Link className="auth-link" to="/login" data-testid="reset-back-link">
            {t('auth.backToLogin')}
          </Link>
        </div>
      </form>
    </AuthLayout>
  );
}
