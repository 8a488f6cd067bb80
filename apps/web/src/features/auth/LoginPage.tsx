import { CODES, type LoginBody, type LoginResult } from '@atiende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { api, fieldErrors, isOk } from '../../api/client';
import { safeNext } from '../../app/guards';
import { LINKS, supportMailto } from '../../app/links';
import { queryKeys } from '../../app/queries';
import { startSession, useSession } from '../../core/session';
import { useSnackbar } from '../../ui/SnackbarProvider';
import { useFormErrors } from '../../ui/useFormErrors';
import { AuthLayout } from './AuthLayout';
import { AuthButton, AuthTextField, PasswordField } from './ui';

type Step = 'credentials' | 'code';
type Errors = Partial<Record<'email' | 'password' | 'verification_code', string>>;

export function LoginPage() {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { token } = useSession();
  const next = safeNext(params.get('next'));

  const [step, setStep] = useState<Step>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormErrors({
    values: { email, password, verification_code: code },
    rules: (values): Errors => {
      const found: Errors = {};
      if (!values.email.trim()) found.email = t('validation.required');
      if (!values.password) found.password = t('validation.required');
      if (step === 'code' && !/^\d{6}$/.test(values.verification_code)) {
        found.verification_code = t('auth.login.codeInvalid');
      }
      return found;
    },
  });
  const errors: Errors = form.errors;

  if (token && !busy) return <Navigate to={next} replace />;

  const send = async (body: LoginBody) => {
    setBusy(true);
    const answer = await api.post<LoginResult>('login', body, { ignoreUnauthorized: true });
    setBusy(false);

    if (isOk(answer) && answer.result?.token) {
      startSession(answer.result);
      await queryClient.invalidateQueries({ queryKey: queryKeys.user });
      navigate(next, { replace: true });
      return;
    }
    if (answer.code === CODES.VERIFICATION_CODE_SENT) {
      notify(answer.message || t('auth.login.codeSent'), 'success');
      setCode('');
      setStep('code');
      return;
    }
    if (answer.code === CODES.VERIFICATION_CODE_INVALID) {
      notify(answer.message || t('auth.login.codeInvalid'), 'error');
      setStep('code');
      return;
    }
    if (answer.httpStatus === 422) {
      const fields = fieldErrors(answer) as Errors;
      form.show(fields);
      if (fields.email || fields.password) setStep('credentials');
      if (Object.keys(fields).length > 0) return;
    }
    if (answer.httpStatus === 429) {
      notify(answer.message || t('errors.rateLimited'), 'error');
      return;
    }
    notify(answer.message || t('errors.unexpected'), 'error');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.check()) return;
    void send(step === 'code' ? { email, password, verification_code: code } : { email, password });
  };

  const requestNewCode = () => {
    if (busy) return;
    form.reset();
    void send({ email, password, newCode: true });
  };

  return (
    <AuthLayout
      title={step === 'code' ? t('auth.login.codeTitle') : t('auth.login.title')}
      subtitle={step === 'code' ? t('auth.login.codeSubtitle') : t('auth.login.subtitle')}
      busy={busy}
      footer={
        <div className="auth-footer-links">
          <a className="auth-link" href={supportMailto} data-testid="login-support-link">
            {t('auth.login.contactSupport')}
          </a>
          <a
            className="auth-link"
            href={LINKS.userManual}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="login-manuals-link"
          >
            {t('auth.login.userManuals')}
          </a>
          <a
            className="auth-link"
            href={LINKS.social}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="login-social-link"
          >
            {t('auth.login.socialMedia')}
          </a>
        </div>
      }
    >
      <form ref={form.formRef} noValidate onSubmit={onSubmit} data-testid="login-form" data-step={step}>
        {step === 'credentials' ? (
          <>
            <AuthTextField
              label={t('auth.email')}
              type="email"
              autoComplete="username"
              autoFocus
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
              disabled={busy}
              testId="login-email"
              maxLength={254}
            />
            <PasswordField
              testId="login-password"
              label={t('auth.password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
              disabled={busy}
            />
            <div className="auth-row" data-align="end">
              <Link className="auth-link" to="/forgot-password" data-testid="login-forgot-link">
                {t('auth.login.forgotPassword')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className="auth-text">{email}</p>
            <AuthTextField
              label={t('auth.login.code')}
              type="password"
              autoComplete="one-time-code"
              autoFocus
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              error={errors.verification_code}
              helperText={t('auth.login.codeHelp')}
              disabled={busy}
              testId="login-code"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              style={{ letterSpacing: '0.5em' }}
            />
            <div className="auth-row" data-align="between">
              <AuthButton
                variant="text"
                size="small"
                onClick={() => {
                  setStep('credentials');
                  form.reset();
                }}
                disabled={busy}
                testId="login-back"
              >
                {t('common.back')}
              </AuthButton>
              <AuthButton
                variant="outlined"
                size="small"
                onClick={requestNewCode}
                disabled={busy}
                testId="login-new-code"
              >
                {t('auth.login.newCode')}
              </AuthButton>
            </div>
          </>
        )}
        <AuthButton type="submit" variant="contained" size="large" fullWidth loading={busy} testId="login-submit">
          {step === 'code' ? t('auth.login.verify') : t('auth.login.submit')}
        </AuthButton>
      </form>
    </AuthLayout>
  );
}
