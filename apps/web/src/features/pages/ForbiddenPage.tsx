import HomeIcon from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusPage } from '../../ui/StatusPage';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      data-testid="page-forbidden"
      code="403"
      title={t('pages.forbidden.title')}
      description={t('pages.forbidden.description')}
      action={
        <Button
          component={RouterLink}
          to="/app/"
          variant="contained"
          startIcon={<HomeIcon />}
          data-testid="go-start-page"
        >
          {t('pages.goStart')}
        </Button>
      }
    />
  );
}
