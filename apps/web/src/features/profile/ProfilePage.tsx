import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePermissions } from '../../app/queries';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { StatusPage } from '../../ui/StatusPage';
import { useOwnProfile } from '../users/api';
import { UserDetailCard } from '../users/UserViewPage';

/** /app/profile and /app/users/profile: the signed-in user's profile (GET /profile). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const profile = useOwnProfile();
  if (profile.isError) {
    return <StatusPage title={t('pages.error.title')} description={profile.error.message} />;
  }
  if (!profile.data) return <PageLoader />;
  return (
    <Box data-testid="profile-page">
      <PageContainer maxWidth={960}>
        <PageHeader
          title={t('profile.title')}
          actions={
            can('editar-perfil') ? (
              <Button
                component={RouterLink}
                to="/app/profile/edit"
                variant="contained"
                startIcon={<EditIcon />}
                data-testid="profile-edit"
              >
                {t('profile.edit')}
              </Button>
            ) : null
          }
        />
        <UserDetailCard user={profile.data} />
      </PageContainer>
    </Box>
  );
}
