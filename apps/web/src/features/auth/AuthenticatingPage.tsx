import { LIMITS } from '@atiende/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** "Authenticating" screen: goes to /login after 3 s. */
export function AuthenticatingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), LIMITS.authenticatingRedirectMs);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <Box
      data-testid="authenticating"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress />
      <Typography variant="h6" component="h1">
        {t('auth.authenticating')}
      </Typography>
    </Box>
  );
}
