import BuildCircleOutlinedIcon from '@mui/icons-material/BuildCircleOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusPage } from '../../ui/StatusPage';

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      data-testid="page-maintenance"
      fullScreen
      icon={<BuildCircleOutlinedIcon fontSize="inherit" />}
      title={t('pages.maintenance.title')}
      description={t('pages.maintenance.description')}
      action={
        <Button component={RouterLink} to="/" variant="outlined" data-testid="maintenance-retry">
          {t('pages.maintenance.retry')}
        </Button>
      }
    />
  );
}
