import './i18n';
import type { CallSummary } from '@atiende/contracts';
import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import PhoneMissedIcon from '@mui/icons-material/PhoneMissed';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** mm:ss of a number of seconds. */
function clock(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A telephony channel's call in the timeline: who called, who answered or how it ended, how long it lasted. */
export function CallBody({ call }: { call: CallSummary }) {
  const { t } = useTranslation();
  const reached = call.status === 'completed' || call.status === 'connected';
  const Icon = reached || call.status === 'waiting' || call.status === 'ringing' ? PhoneCallbackIcon : PhoneMissedIcon;
  const details = [
    call.durationSeconds !== null ? t('tickets.call.duration', { time: clock(call.durationSeconds) }) : null,
    call.waitSeconds !== null ? t('tickets.call.wait', { time: clock(call.waitSeconds) }) : null,
    call.missedOffers > 0 ? t('tickets.call.missedOffers', { count: call.missedOffers }) : null,
  ].filter(Boolean);
  return (
    <Box
      data-testid="ticket-call"
      data-status={call.status}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        px: 1.5,
        py: 1,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
        minWidth: 0,
      }}
    >
      <Icon fontSize="small" color={reached ? 'success' : call.status === 'failed' ? 'error' : 'warning'} aria-hidden />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`tickets.call.${call.direction}`)} · <bdi dir="ltr">{call.customerNumber}</bdi>
        </Typography>
        <Typography variant="body2">
          {t(`tickets.call.status.${call.status}`, { agent: call.agent?.nombre ?? '' })}
        </Typography>
        {details.length > 0 ? (
          <Typography
            variant="caption"
            component="div"
            sx={{ color: 'text.secondary' }}
            data-testid="ticket-call-details"
          >
            {details.join(' · ')}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
