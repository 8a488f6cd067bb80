import { CODES } from '@atiende/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, fieldErrors } from '../../api/client';
import { useSnackbar } from '../../ui/SnackbarProvider';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { AuthLayout } from './AuthLayout';
import { AuthButton, AuthTextField } from './ui';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormErrors({
    values: { email },
    rules: (values): FieldErrors => (values.email.trim() ? {} : { email: t('validation.required') }),
  });
  const error = form.errors.email;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.check()) return;
    setBusy(true);
    const answer = await api.post('password/email', { email });
    setBusy(false);
    if (answer.code === CODES.PASSWORD_RESET_SENT) {
      notify(answer.message || t('auth.forgot.sent'), 'success');
      return;
    }
    const fields = fieldErrors(answer);
    if (fields.email) form.show({ email: fields.email });
    notify(answer.message || t('errors.unexpected'), 'error');
  };

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} busy={busy}>
      <form ref={form.formRef} noValidate onSubmit={onSubmit} data-testid="forgot-form">
        <AuthTextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          disabled={busy}
          testId="forgot-email"
          maxLength={254}
        />
        <AuthButton type="submit" variant="contained" size="large" fullWidth loading={busy} testId="forgot-submit">
          {t('auth.forgot.submit')}
        </AuthButton>
        <div className="auth-row" data-align="center">
          <Link className="auth-link" to="/" data-testid="forgot-back-link">
            {t('auth.backToLogin')}
          </Link>
        </div>
      </form>
    </AuthLayout>
  );
}
