import { CODES } from '@atiende/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api, fieldErrors } from '../../api/client';
import { useSnackbar } from '../../ui/SnackbarProvider';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { AuthLayout } from './AuthLayout';

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
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit} data-testid="forgot-form">
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
          disabled={busy}
          slotProps={{ htmlInput: { 'data-testid': 'forgot-email', maxLength: 254 } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={busy}
          data-testid="forgot-submit"
          sx={{ mt: 1 }}
        >
          {t('auth.forgot.submit')}
        </Button>
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Link component={RouterLink} to="/" variant="body2" data-testid="forgot-back-link">
            {t('auth.backToLogin')}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}
