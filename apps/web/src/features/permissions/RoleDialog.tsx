import { createRoleBodySchema, renameRoleBodySchema } from '@atiende/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../ui/FormField';
import { issuesToErrors } from '../../ui/validation';

interface RoleDialogProps {
  open: boolean;
  /** `create` asks for the slug and the label; `rename` only for the label. */
  mode: 'create' | 'rename';
  initialLabel?: string;
  busy?: boolean;
  onClose: () => void;
  onSubmit: (values: { name: string; label: string }, setErrors: (errors: Record<string, string>) => void) => void;
}

export function RoleDialog({ open, mode, initialLabel = '', busy, onClose, onSubmit }: RoleDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState('');
  const [label, setLabel] = useState(initialLabel);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (open) {
      setName('');
      setLabel(initialLabel);
      setErrors({});
    }
  }, [open, initialLabel]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed =
      mode === 'create' ? createRoleBodySchema.safeParse({ name, label }) : renameRoleBodySchema.safeParse({ label });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues, t));
      return;
    }
    setErrors({});
    onSubmit({ name: name.trim(), label: label.trim() }, setErrors);
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="role-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{mode === 'create' ? t('roles.new') : t('roles.rename')}</DialogTitle>
        <DialogContent>
          {mode === 'create' ? (
            <FormField
              autoFocus
              label={t('roles.name')}
              value={name}
              onValueChange={(value) => setName(value.toLowerCase())}
              error={errors.name}
              helperText={t('roles.nameHelp')}
              testId="role-field-name"
              maxLength={60}
              required
            />
          ) : null}
          <FormField
            autoFocus={mode === 'rename'}
            label={t('roles.label')}
            value={label}
            onValueChange={setLabel}
            error={errors.label}
            testId="role-field-label"
            maxLength={120}
            required
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="role-dialog-save">
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
