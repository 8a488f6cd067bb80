import HomeIcon from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusPage } from '../../ui/StatusPage';

export function NotFoundPage({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      data-testid="page-not-found"
      fullScreen={fullScreen}
      code="404"
      title={t('pages.notFound.title')}
      description={t('pages.notFound.description')}
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
