import PasswordIcon from '@mui/icons-material/Password';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { ImageUpload } from '../../ui/ImageUpload';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { StatusPage } from '../../ui/StatusPage';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useChangeOwnPassword, useOwnProfile, useUpdateOwnProfile, useUploadOwnAvatar } from '../users/api';
import { PasswordDialog } from '../users/PasswordDialog';
import { UserForm } from '../users/UserForm';
import { userToForm } from '../users/userForm';

/** /app/profile/edit: own profile fields, avatar and password change. */
export function ProfileEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useOwnProfile();
  const update = useUpdateOwnProfile();
  const avatar = useUploadOwnAvatar();
  const password = useChangeOwnPassword();
  const feedback = useApiFeedback();
  const [passwordOpen, setPasswordOpen] = useState(false);

  if (profile.isError) return <StatusPage title={t('pages.error.title')} description={profile.error.message} />;
  if (!profile.data) return <PageLoader />;
  const user = profile.data;

  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title={t('profile.edit')}
        backTo="/app/profile"
        actions={
          <Button
            variant="outlined"
            startIcon={<PasswordIcon />}
            onClick={() => setPasswordOpen(true)}
            data-testid="profile-change-password"
          >
            {t('users.password.change')}
          </Button>
        }
      />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <ImageUpload
            src={user.url_image}
            alt={user.nombre}
            testId="profile-avatar-input"
            label={t('users.changeAvatar')}
            onUpload={async (file) => {
              try {
                await avatar.mutateAsync(file);
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
      <UserForm
        key={user.id}
        mode="profile"
        initial={userToForm(user)}
        saving={update.isPending}
        onSubmit={(body, showErrors) =>
          update.mutate(body, {
            onSuccess: () => {
              feedback.success(t('common.saved'));
              navigate('/app/profile');
            },
            onError: (error) => feedback.failure(error, showErrors),
          })
        }
      />
      <PasswordDialog
        open={passwordOpen}
        withCurrent
        title={t('users.password.change')}
        warning={t('users.password.changeWarning')}
        busy={password.isPending}
        onClose={() => setPasswordOpen(false)}
        onSubmit={async (values) => {
          try {
            await password.mutateAsync(values);
            feedback.success(t('users.password.changed'));
            setPasswordOpen(false);
            return null;
          } catch (error) {
            feedback.failure(error);
            return error instanceof ApiError ? error.fields : null;
          }
        }}
      />
    </PageContainer>
  );
}
