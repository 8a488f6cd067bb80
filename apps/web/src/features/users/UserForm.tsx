import { createUserBodySchema, updateProfileBodySchema, updateUserBodySchema } from '@atiende/contracts';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, SwitchField } from '../../ui/FormField';
import { IdMultiSelect } from '../../ui/IdMultiSelect';
import { PasswordField } from '../../ui/PasswordField';
import { useDraft } from '../../ui/useDraft';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { useCatalogueOptions } from '../catalogues/api';
import { useRoles } from '../permissions/api';
import { roleLabel } from '../permissions/roleLabel';
import { formToBody, type UserFormMode, type UserFormState } from './userForm';

interface UserFormProps {
  mode: UserFormMode;
  initial: UserFormState;
  saving: boolean;
  /** Receives the validated body; calls showErrors with the server's field messages on a 422/409. */
  onSubmit: (body: ReturnType<typeof formToBody>, showErrors: (errors: FieldErrors) => void) => void;
  /** Extra content under the form's fields (edit: reset password). */
  footer?: ReactNode;
}

const GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The user form of /app/users/add, /app/users/:id/edit and /app/profile/edit (mode decides the fields). */
export function UserForm({ mode, initial, saving, onSubmit, footer }: UserFormProps) {
  const { t } = useTranslation();
  // The user as stored may change while the form is open (the avatar uploaded above it): typed fields are kept.
  const [state, setState] = useDraft<UserFormState>(initial);
  const body = useMemo(() => formToBody(state, mode as 'create'), [state, mode]);
  const form = useFormErrors({
    values: body,
    schema: mode === 'create' ? createUserBodySchema : mode === 'edit' ? updateUserBodySchema : updateProfileBodySchema,
  });
  const { errors } = form;
  const admin = mode !== 'profile';
  const roles = useRoles(admin);
  const skills = useCatalogueOptions('skill', admin);

  const set =
    <K extends keyof UserFormState>(field: K) =>
    (value: UserFormState[K]) =>
      setState((current) => ({ ...current, [field]: value }));

  const text = (
    field: keyof UserFormState & string,
    options: { type?: string; required?: boolean; max?: number } = {},
  ) => (
    <FormField
      key={field}
      name={field}
      label={t(`users.fields.${field}`)}
      type={options.type}
      required={options.required}
      maxLength={options.max}
      value={state[field] as string}
      onValueChange={set(field) as (value: string) => void}
      error={errors[field]}
      testId={`user-field-${field}`}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    onSubmit(body, form.show);
  };

  return (
    <Box component="form" ref={form.formRef} onSubmit={submit} noValidate data-testid="user-form">
      <Section title={t('users.sections.account')}>
        <Box sx={GRID}>
          {text('name', { required: true, max: 200 })}
          {text('username', { max: 100 })}
          {admin ? text('email', { type: 'email', required: true, max: 254 }) : null}
          {mode === 'create' ? (
            <>
              <PasswordField
                testId="user-field-password"
                name="password"
                margin="dense"
                label={t('users.fields.password')}
                autoComplete="new-password"
                required
                value={state.password}
                onChange={(event) => set('password')(event.target.value)}
                error={Boolean(errors.password)}
                helperText={errors.password ?? t('validation.minLength', { count: 8 })}
              />
              <PasswordField
                testId="user-field-password_confirmation"
                name="password_confirmation"
                margin="dense"
                label={t('users.fields.password_confirmation')}
                autoComplete="new-password"
                required
                value={state.password_confirmation}
                onChange={(event) => set('password_confirmation')(event.target.value)}
                error={Boolean(errors.password_confirmation)}
                helperText={errors.password_confirmation}
              />
            </>
          ) : null}
          {admin ? (
            <>
              <IdMultiSelect
                label={t('users.fields.roles')}
                required
                value={state.roleIds}
                options={(roles.data ?? []).map((role) => ({ id: role.id, label: roleLabel(role, t) }))}
                onChange={set('roleIds')}
                error={errors.roleIds}
                testId="user-roles"
              />
              <IdMultiSelect
                label={t('users.fields.skills')}
                value={state.skillIds}
                options={(skills.data?.data ?? []).map((skill) => ({ id: skill.id, label: skill.name }))}
                onChange={set('skillIds')}
                error={errors.skillIds}
                testId="user-skills"
              />
            </>
          ) : null}
        </Box>
        {admin ? (
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 1 }}>
            <SwitchField
              label={t('users.fields.mfa')}
              checked={state.mfa}
              onChange={set('mfa')}
              testId="user-field-mfa"
            />
            <SwitchField
              label={t('common.enabled')}
              checked={state.enabled}
              onChange={set('enabled')}
              testId="user-field-enabled"
            />
          </Box>
        ) : null}
      </Section>
      <Section title={t('users.sections.work')}>
        <Box sx={GRID}>
          {text('extension', { max: 20 })}
          {text('position', { max: 120 })}
          {text('department', { max: 120 })}
        </Box>
      </Section>
      <Section title={t('users.sections.personal')}>
        <Box sx={GRID}>
          {text('birthday', { type: 'date' })}
          {text('phone', { type: 'tel', max: 40 })}
          {text('mobilephone', { type: 'tel', max: 40 })}
          {text('address', { max: 300 })}
        </Box>
      </Section>
      <Section title={t('users.sections.social')}>
        <Box sx={GRID}>
          {text('facebook', { max: 200 })}
          {text('twitter', { max: 200 })}
          {text('instagram', { max: 200 })}
        </Box>
      </Section>
      {footer}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving} data-testid="user-save">
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}
