import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../app/layout/LanguageMenu';
import { useBusiness } from '../../app/queries';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  busy?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

/** Centered card used by the public screens (login, password recovery, lock screen). */
export function AuthLayout({ title, subtitle, busy, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation();
  const { data: business } = useBusiness();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        bgcolor: 'background.default',
        backgroundImage: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 38%, ${theme.palette.background.default} 38.1%)`,
      }}
    >
      <Box
        sx={{
          position: 'fixed',
          top: 12,
          insetInlineEnd: 12,
          color: 'text.primary',
          bgcolor: 'background.paper',
          borderRadius: '50%',
          boxShadow: 2,
        }}
      >
        <LanguageMenu />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 420, position: 'relative', overflow: 'hidden' }} elevation={6}>
        {busy ? (
          <LinearProgress
            data-testid="auth-busy"
            aria-label={t('common.loading')}
            sx={{ position: 'absolute', top: 0, insetInlineStart: 0, insetInlineEnd: 0 }}
          />
        ) : null}
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2, minHeight: 56 }}>
            {business?.logo ? (
              <Box
                component="img"
                src={business.logo}
                alt={business.nombre}
                data-testid="auth-logo"
                sx={{ maxHeight: 72, maxWidth: '100%', objectFit: 'contain' }}
              />
            ) : (
              <Typography
                variant="h4"
                component="p"
                data-testid="auth-brand"
                sx={{ fontWeight: 800, color: 'primary.main', letterSpacing: -0.5 }}
              >
                {business?.nombre || t('app.name')}
              </Typography>
            )}
          </Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', mt: 0.5 }}>
              {subtitle}
            </Typography>
          ) : null}
          <Box sx={{ mt: 2 }}>{children}</Box>
        </CardContent>
      </Card>
      {footer ? <Box sx={{ mt: 3, textAlign: 'center' }}>{footer}</Box> : null}
    </Box>
  );
}
