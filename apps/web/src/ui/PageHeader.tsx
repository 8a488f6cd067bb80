import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Tooltip } from './Tooltip';

interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Where the back arrow leads (none when omitted). */
  backTo?: string;
  actions?: ReactNode;
}

/** Page title row: optional back arrow, title, subtitle and actions at the end. */
export function PageHeader({ title, subtitle, backTo, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
      {backTo ? (
        <Tooltip title={t('common.back')}>
          <IconButton component={RouterLink} to={backTo} aria-label={t('common.back')} data-testid="page-back">
            <ArrowBackIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        </Tooltip>
      ) : null}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="page-title">
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-subtitle">
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {actions ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
    </Box>
  );
}

/** Standard padding and width of an /app page. */
export function PageContainer({ children, maxWidth = 1200 }: { children: ReactNode; maxWidth?: number }) {
  return <Box sx={{ p: { xs: 2, md: 3 }, maxWidth, mx: 'auto', width: '100%' }}>{children}</Box>;
}
