import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
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
import { PasswordField } from './PasswordField';

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
    <AuthLayout title={t('auth.lock.title')} subtitle={t('auth.lock.subtitle')} busy={busy}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 1 }}>
        <Avatar src={user?.url_image ?? undefined} alt={user?.nombre} sx={{ width: 64, height: 64 }}>
          <LockOutlinedIcon />
        </Avatar>
        {user?.nombre ? (
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {user.nombre}
          </Typography>
        ) : null}
      </Box>
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit} data-testid="lock-form">
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email ?? ' '}
          disabled={busy}
          slotProps={{ htmlInput: { 'data-testid': 'lock-email', maxLength: 254 } }}
        />
        <PasswordField
          testId="lock-password"
          label={t('auth.password')}
          autoComplete="current-password"
          autoFocus
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password ?? ' '}
          disabled={busy}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={busy}
          data-testid="lock-submit"
          sx={{ mt: 1 }}
        >
          {t('auth.lock.submit')}
        </Button>
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Link component="button" type="button" variant="body2" onClick={signOut} data-testid="lock-logout">
            {t('auth.lock.otherUser')}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}
