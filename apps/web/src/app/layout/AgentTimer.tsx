import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../ui/Tooltip';

export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** Agents' session timer: hh:mm:ss since the session started (`sstart`), refreshed every second. */
export function AgentTimer({ since }: { since: string | undefined }) {
  const { t } = useTranslation();
  const start = since ? Date.parse(since) : Number.NaN;
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (!Number.isFinite(start)) return null;
  return (
    <Tooltip title={t('header.sessionTime')}>
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', px: 1 }}>
        <Typography
          component="span"
          variant="body2"
          data-testid="agent-timer"
          aria-label={t('header.sessionTime')}
          sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
        >
          {formatElapsed(now - start)}
        </Typography>
      </Box>
    </Tooltip>
  );
}
