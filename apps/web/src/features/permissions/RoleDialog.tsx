import { createRoleBodySchema, type RoleItem, renameRoleBodySchema } from '@atiende/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../ui/FormField';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { roleLabel } from './roleLabel';

export interface RoleDialogValues {
  name: string;
  label: string;
  /** When creating: the role whose permissions the new one starts with (null: none). */
  copyFrom: number | null;
}

interface RoleDialogProps {
  open: boolean;
  /** `create` asks for the slug, the label and optionally a role to copy permissions from; `rename` only the label. */
  mode: 'create' | 'rename';
  initialLabel?: string;
  /** The existing roles, offered as the source of the new role's permissions (create only). */
  roles?: readonly RoleItem[];
  busy?: boolean;
  onClose: () => void;
  /** Receives the checked values; calls showErrors with the server's field messages. */
  onSubmit: (values: RoleDialogValues, showErrors: (errors: FieldErrors) => void) => void;
}

const NO_COPY = '';

export function RoleDialog({ open, mode, initialLabel = '', roles = [], busy, onClose, onSubmit }: RoleDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState('');
  const [label, setLabel] = useState(initialLabel);
  const [copyFrom, setCopyFrom] = useState<string>(NO_COPY);
  const form = useFormErrors({
    values: mode === 'create' ? { name, label } : { label },
    schema: mode === 'create' ? createRoleBodySchema : renameRoleBodySchema,
  });
  const { errors, reset } = form;

  useEffect(() => {
    if (open) {
      setName('');
      setLabel(initialLabel);
      setCopyFrom(NO_COPY);
      reset();
    }
  }, [open, initialLabel, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    const source = mode === 'create' && copyFrom !== NO_COPY ? Number(copyFrom) : null;
    onSubmit({ name: name.trim(), label: label.trim(), copyFrom: source }, form.show);
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
      <form ref={form.formRef} onSubmit={submit} noValidate>
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
          {mode === 'create' && roles.length > 0 ? (
            <TextField
              select
              margin="dense"
              label={t('permissions.copy.label')}
              value={copyFrom}
              onChange={(event) => setCopyFrom(event.target.value)}
              helperText={t('permissions.copy.help')}
              slotProps={{
                select: {
                  displayEmpty: true,
                  SelectDisplayProps: { 'data-testid': 'role-copy-from-button' } as object,
                },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'role-copy-from' },
              }}
            >
              <MenuItem value={NO_COPY} data-testid="role-copy-option-none">
                {t('permissions.copy.none')}
              </MenuItem>
              {roles.map((role) => (
                <MenuItem key={role.id} value={String(role.id)} data-testid={`role-copy-option-${role.id}`}>
                  {roleLabel(role, t)}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
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
