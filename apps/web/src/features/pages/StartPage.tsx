import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { menuLabelKey, visibleMenu } from '../../app/menu';
import { useBusiness, usePermissions, useProfile } from '../../app/queries';
import { EmptyState } from '../../ui/EmptyState';

/** /app: one card per menu module the user may open. */
export function StartPage() {
  const { t } = useTranslation();
  const { profile } = useProfile();
  const { can, roles } = usePermissions();
  const { data: business } = useBusiness();
  const sections = useMemo(
    () =>
      visibleMenu(can, business?.integraciones ?? [], roles)
        .map((section) => ({ ...section, items: section.items.filter((item) => item.path && item.card !== false) }))
        .filter((section) => section.items.length > 0),
    [can, business, roles],
  );

  return (
    <Box data-testid="start-page" sx={{ p: { xs: 2, md: 3 }, maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('start.welcome', { name: profile?.nombre ?? '' })}
      </Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('start.subtitle')}
      </Typography>
      {sections.length === 0 ? <EmptyState title={t('start.empty')} /> : null}
      {sections.map((section) => (
        <Box key={section.key} component="section" sx={{ mb: 3 }} aria-label={t(`menu.sections.${section.key}`)}>
          <Typography
            variant="overline"
            component="h2"
            sx={{ color: 'text.secondary', fontWeight: 700, display: 'block', mb: 1 }}
          >
            {t(`menu.sections.${section.key}`)}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(236px, 1fr))',
            }}
          >
            {section.items.map((item) => {
              const Icon = item.icon;
              const label = item.label ?? t(menuLabelKey(item));
              return (
                <Card key={item.key} variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea
                    component={RouterLink}
                    to={item.path ?? '/app'}
                    data-testid={`module-card-${item.path}`}
                    sx={{ p: 2, height: '100%', display: 'flex', alignItems: 'center', gap: 2 }}
                  >
                    <Box
                      sx={{
                        width: 44,
                        height: 44,
                        borderRadius: 2,
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        bgcolor: 'primary.main',
                        color: 'primary.contrastText',
                        flexShrink: 0,
                      }}
                    >
                      <Icon />
                    </Box>
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography
                        variant="subtitle1"
                        sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'break-word', hyphens: 'auto' }}
                      >
                        {label}
                      </Typography>
                      {item.beta ? <Chip label={t('menu.beta')} size="small" sx={{ mt: 0.5 }} /> : null}
                    </Box>
                    <ArrowForwardIcon
                      fontSize="small"
                      sx={{
                        color: 'text.secondary',
                        transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none'),
                      }}
                    />
                  </CardActionArea>
                </Card>
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
