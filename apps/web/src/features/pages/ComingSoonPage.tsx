import ConstructionIcon from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { StatusPage } from '../../ui/StatusPage';

/** Honest placeholder for modules that are planned but not built yet. */
export function ComingSoonPage({ module }: { module: string }) {
  const { t, i18n } = useTranslation();
  const { model } = useParams();
  const entityKey = `menu.items.entity.${model ?? ''}`;
  const name =
    module === 'entities'
      ? i18n.exists(entityKey)
        ? t(entityKey)
        : t('modules.entities')
      : i18n.exists(`menu.items.${module}`)
        ? t(`menu.items.${module}`)
        : t(`modules.${module}`);
  return (
    <StatusPage
      data-testid="page-coming-soon"
      icon={<ConstructionIcon fontSize="inherit" />}
      title={name}
      description={t('pages.comingSoon.description', { module: name })}
      action={
        <Button component={RouterLink} to="/app/" variant="outlined" data-testid="go-start-page">
          {t('pages.goStart')}
        </Button>
      }
    />
  );
}
