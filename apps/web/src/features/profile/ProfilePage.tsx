import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../app/queries';
import { PageLoader } from '../../ui/PageLoader';

/** /app/profile: the signed-in user's profile, read-only for now. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { profile, isLoading } = useProfile();
  if (isLoading || !profile) return <PageLoader />;
  const rows: { label: string; value: string }[] = [
    { label: t('profile.name'), value: profile.nombre },
    { label: t('profile.username'), value: profile.username },
    { label: t('profile.email'), value: profile.email },
    { label: t('profile.extension'), value: profile.extension ?? t('profile.none') },
    { label: t('profile.mfa'), value: profile.mfa ? t('common.yes') : t('common.no') },
  ];
  return (
    <Box data-testid="profile-page" sx={{ p: { xs: 2, md: 3 }, maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('profile.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
            <Avatar src={profile.url_image ?? undefined} alt={profile.nombre} sx={{ width: 72, height: 72 }}>
              {profile.nombre.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box>
              <Typography variant="h6" component="p" data-testid="profile-name">
                {profile.nombre}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="profile-email">
                {profile.email}
              </Typography>
            </Box>
          </Box>
          <Divider />
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { sm: '200px 1fr' }, gap: 1.5, m: 0, mt: 2 }}>
            {rows.map((row) => (
              <Box key={row.label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {row.label}
                </Typography>
                <Typography component="dd" variant="body1" sx={{ m: 0 }}>
                  {row.value}
                </Typography>
              </Box>
            ))}
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('profile.roles')}
            </Typography>
            <Box component="dd" sx={{ m: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="profile-roles">
              {profile.nombre_roles.map((role) => (
                <Chip key={role} label={t(`roles.${role}`, { defaultValue: role })} size="small" />
              ))}
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
