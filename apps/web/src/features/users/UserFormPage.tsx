import LockResetIcon from '@mui/icons-material/LockReset';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePermissions } from '../../app/queries';
import { ImageUpload } from '../../ui/ImageUpload';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { parseId } from '../../ui/params';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { useResetUserPassword, useSaveUser, useUploadUserAvatar, useUser } from './api';
import { PasswordDialog } from './PasswordDialog';
import { UserForm } from './UserForm';
import { EMPTY_USER_FORM, userToForm } from './userForm';

/** /app/users/add and /app/users/:id/edit. */
export function UserFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const user = useUser(id);
  const save = useSaveUser();
  const avatar = useUploadUserAvatar();
  const reset = useResetUserPassword();
  const feedback = useApiFeedback();
  const { can } = usePermissions();
  const [resetOpen, setResetOpen] = useState(false);

  const gate = useEditGate(mode, id, user, 'user-not-found');
  if (gate) return gate;

  const title = mode === 'create' ? t('users.add') : t('users.editTitle', { name: user.data?.nombre ?? '' });
  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title={title}
        backTo={id ? `/app/users/${id}/view` : '/app/users'}
        actions={
          mode === 'edit' && can('editar-usuario') ? (
            <Button
              variant="outlined"
              startIcon={<LockResetIcon />}
              onClick={() => setResetOpen(true)}
              data-testid="user-reset-password"
            >
              {t('users.password.reset')}
            </Button>
          ) : null
        }
      />
      {mode === 'edit' && user.data ? (
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <ImageUpload
              src={user.data.url_image}
              alt={user.data.nombre}
              testId="user-avatar-input"
              label={t('users.changeAvatar')}
              onUpload={async (file) => {
                try {
                  await avatar.mutateAsync({ id: user.data.id, file });
                  feedback.success(t('users.avatarSaved'));
                  return true;
                } catch (error) {
                  feedback.failure(error);
                  return false;
                }
              }}
            />
          </CardContent>
        </Card>
      ) : null}
      <UserForm
        key={user.data?.id ?? 'new'}
        mode={mode}
        initial={user.data ? userToForm(user.data) : EMPTY_USER_FORM}
        saving={save.isPending}
        onSubmit={(body, showErrors) =>
          save.mutate(
            { id, body: body as Parameters<typeof save.mutate>[0]['body'] },
            {
              onSuccess: (saved) => {
                feedback.success(mode === 'create' ? t('users.created') : t('common.saved'));
                navigate(`/app/users/${saved.id}/view`);
              },
              onError: (error) => feedback.failure(error, showErrors),
            },
          )
        }
      />
      {id !== null ? (
        <PasswordDialog
          open={resetOpen}
          title={t('users.password.reset')}
          warning={t('users.password.resetWarning')}
          busy={reset.isPending}
          onClose={() => setResetOpen(false)}
          onSubmit={async (values) => {
            try {
              await reset.mutateAsync({
                id,
                password: values.password,
                password_confirmation: values.password_confirmation,
              });
              feedback.success(t('users.password.resetDone'));
              setResetOpen(false);
              return null;
            } catch (error) {
              feedback.failure(error);
              return error instanceof ApiError ? error.fields : null;
            }
          }}
        />
      ) : null}
    </PageContainer>
  );
}
