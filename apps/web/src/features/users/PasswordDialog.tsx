import { changeOwnPasswordBodySchema, resetUserPasswordBodySchema } from '@atiende/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../ui/PasswordField';
import { useFormErrors } from '../../ui/useFormErrors';

export interface PasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

interface PasswordDialogProps {
  open: boolean;
  title: string;
  /** Own password change: asks for the current password too. */
  withCurrent?: boolean;
  warning?: string;
  busy?: boolean;
  onClose: () => void;
  /** Resolves with the server's field messages on failure, or null on success. */
  onSubmit: (values: PasswordValues) => Promise<Record<string, string> | null>;
}

const EMPTY: PasswordValues = { current_password: '', password: '', password_confirmation: '' };

/** New password + confirmation (and the current one for oneself), validated with the contracts' schemas. */
export function PasswordDialog({ open, title, withCurrent, warning, busy, onClose, onSubmit }: PasswordDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const form = useFormErrors({
    values,
    schema: withCurrent ? changeOwnPasswordBodySchema : resetUserPasswordBodySchema,
  });
  const { errors, reset } = form;

  useEffect(() => {
    if (open) {
      setValues(EMPTY);
      reset();
    }
  }, [open, reset]);

  const set = (field: keyof PasswordValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    const fields = await onSubmit(values);
    if (fields) form.show(fields);
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="password-dialog"
    >
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {warning ? (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {warning}
            </Alert>
          ) : null}
          {withCurrent ? (
            <PasswordField
              testId="password-field-current_password"
              label={t('users.password.current')}
              autoComplete="current-password"
              value={values.current_password}
              onChange={set('current_password')}
              error={Boolean(errors.current_password)}
              helperText={errors.current_password}
              required
            />
          ) : null}
          <PasswordField
            testId="password-field-password"
            label={t('users.password.new')}
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={Boolean(errors.password)}
            helperText={errors.password ?? t('validation.minLength', { count: 8 })}
            required
          />
          <PasswordField
            testId="password-field-password_confirmation"
            label={t('users.password.confirm')}
            autoComplete="new-password"
            value={values.password_confirmation}
            onChange={set('password_confirmation')}
            error={Boolean(errors.password_confirmation)}
            helperText={errors.password_confirmation}
            required
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="password-save">
            {t('users.password.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
