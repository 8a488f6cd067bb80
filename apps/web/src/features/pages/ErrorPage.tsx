import HomeIcon from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusPage } from '../../ui/StatusPage';

/** 502 page; also the error boundary of the /app tree. */
export function ErrorPage({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      data-testid="page-error"
      fullScreen={fullScreen}
      code="502"
      title={t('pages.error.title')}
      description={t('pages.error.description')}
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
