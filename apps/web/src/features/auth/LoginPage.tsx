import { CODES, type LoginBody, type LoginResult } from '@atiende/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { api, fieldErrors, isOk } from '../../api/client';
import { safeNext } from '../../app/guards';
import { LINKS, supportMailto } from '../../app/links';
import { queryKeys } from '../../app/queries';
import { startSession, useSession } from '../../core/session';
import { useSnackbar } from '../../ui/SnackbarProvider';
import { useFormErrors } from '../../ui/useFormErrors';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from './PasswordField';

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
        <Stack
          direction="row"
          spacing={2}
          divider={<Divider orientation="vertical" flexItem />}
          sx={{ justifyContent: 'center', flexWrap: 'wrap' }}
        >
          <Link href={supportMailto} data-testid="login-support-link" variant="body2">
            {t('auth.login.contactSupport')}
          </Link>
          <Link
            href={LINKS.userManual}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="login-manuals-link"
            variant="body2"
          >
            {t('auth.login.userManuals')}
          </Link>
          <Link
            href={LINKS.social}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="login-social-link"
            variant="body2"
          >
            {t('auth.login.socialMedia')}
          </Link>
        </Stack>
      }
    >
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit} data-testid="login-form" data-step={step}>
        {step === 'credentials' ? (
          <>
            <TextField
              label={t('auth.email')}
              type="email"
              autoComplete="username"
              autoFocus
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email ?? ' '}
              disabled={busy}
              slotProps={{ htmlInput: { 'data-testid': 'login-email', maxLength: 254 } }}
            />
            <PasswordField
              testId="login-password"
              label={t('auth.password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password ?? ' '}
              disabled={busy}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
              <Link component={RouterLink} to="/forgot-password" variant="body2" data-testid="login-forgot-link">
                {t('auth.login.forgotPassword')}
              </Link>
            </Box>
          </>
        ) : (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {email}
            </Typography>
            <TextField
              label={t('auth.login.code')}
              type="password"
              autoComplete="one-time-code"
              autoFocus
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              error={Boolean(errors.verification_code)}
              helperText={errors.verification_code ?? t('auth.login.codeHelp')}
              disabled={busy}
              slotProps={{
                htmlInput: {
                  'data-testid': 'login-code',
                  inputMode: 'numeric',
                  pattern: '[0-9]*',
                  maxLength: 6,
                  style: { letterSpacing: '0.5em' },
                },
              }}
            />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1 }}>
              <Button
                variant="text"
                size="small"
                onClick={() => {
                  setStep('credentials');
                  form.reset();
                }}
                disabled={busy}
                data-testid="login-back"
              >
                {t('common.back')}
              </Button>
              <Button
                variant="outlined"
                size="small"
                onClick={requestNewCode}
                disabled={busy}
                data-testid="login-new-code"
              >
                {t('auth.login.newCode')}
              </Button>
            </Box>
          </>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={busy}
          data-testid="login-submit"
          sx={{ mt: 1 }}
        >
          {step === 'code' ? t('auth.login.verify') : t('auth.login.submit')}
        </Button>
      </Box>
    </AuthLayout>
  );
}
