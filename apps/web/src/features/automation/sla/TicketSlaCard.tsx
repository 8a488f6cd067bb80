import type { TicketSla } from '@atiende/contracts';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompactDateTime, formatDateTime } from '../../../ui/format';
import { loadErrorText } from '../../../ui/LoadError';
import {
  anyCountdown,
  formatCountdown,
  type MetricPhase,
  type MetricTone,
  metricView,
  type TicketSlaMetric,
} from './countdown';

/** The current time, every second while `ticking` (a countdown is on screen). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}

/** Readable text colours on the paper in light and dark mode (the `main` shades are too light for small text). */
const toneText =
  (tone: MetricTone) =>
  (theme: Theme): string => {
    if (tone === 'default') return theme.palette.text.primary;
    return theme.palette.mode === 'dark' ? theme.palette[tone].light : theme.palette[tone].dark;
  };

/** The accent on the metric's start side (`sx` resolves palette paths only for the physical border colours). */
const toneAccent =
  (tone: MetricTone) =>
  (theme: Theme): string =>
    tone === 'default' ? theme.palette.divider : theme.palette[tone].main;

const PHASE_ICON: Record<MetricPhase, ReactNode> = {
  running: <HourglassEmptyIcon fontSize="inherit" />,
  overdue: <WarningAmberIcon fontSize="inherit" />,
  idle: <PauseCircleOutlineIcon fontSize="inherit" />,
  met: <CheckCircleOutlineIcon fontSize="inherit" />,
  breached: <ErrorOutlineIcon fontSize="inherit" />,
};

/**
 * The ticket view's SLA card: the rule the ticket follows and, per metric, a live countdown to its deadline
 * (warning colour in the last 15 minutes, error colour and "vencido hace …" once it passed), "cumplido" or
 * "incumplido" with its date. Test ids: `ticket-sla`, `ticket-sla-<metric>` with `data-state` (the server's state)
 * and `data-phase` (what shows: running, overdue, idle, met, breached).
 */
export function TicketSlaCard({ sla, error, onRetry }: { sla: TicketSla | null; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const metrics = sla?.metrics ?? [];
  const now = useNow(anyCountdown(metrics));

  if (!sla) {
    if (!error) return null;
    return (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        data-testid="ticket-sla-error"
        action={
          <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
            {t('automation.sla.ticket.retry')}
          </Button>
        }
      >
        <Box dir="auto">
          {t('automation.sla.ticket.loadFailed')}: {loadErrorText(error, t)}
        </Box>
      </Alert>
    );
  }
  if (!sla.rule) return null;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="ticket-sla"
      data-rule={sla.rule.id}
      sx={{ p: 1.5, mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}
    >
      <Box sx={{ minWidth: 0, flex: '0 1 220px' }}>
        <Typography
          id={titleId}
          variant="subtitle2"
          component="h2"
          sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.75 }}
        >
          <TimerOutlinedIcon fontSize="small" aria-hidden />
          {t('automation.sla.ticket.title')}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          <bdi data-testid="ticket-sla-rule">{sla.rule.name}</bdi>
          {sla.businessHours ? ` · ${t('automation.sla.ticket.businessHours')}` : ''}
        </Typography>
      </Box>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1, flex: '1 1 auto' }}
      >
        {metrics.map((metric) => (
          <MetricItem key={metric.metric} metric={metric} now={now} />
        ))}
      </Box>
    </Paper>
  );
}

function MetricItem({ metric, now }: { metric: TicketSlaMetric; now: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const view = metricView(metric, now);
  const due = metric.dueAt;
  const breachedAt = metric.breachedAt ?? metric.dueAt;

  let value: ReactNode;
  let detail: string | null = null;
  switch (view.phase) {
    case 'running':
      value = t('automation.sla.ticket.remaining', { time: formatCountdown(view.seconds) });
      break;
    case 'overdue':
      value = t('automation.sla.ticket.overdue', { time: formatCountdown(view.seconds) });
      break;
    case 'idle':
      value = t('automation.sla.ticket.idle');
      break;
    case 'met':
      value = t('automation.sla.ticket.met');
      break;
    case 'breached':
      value = breachedAt
        ? t('automation.sla.ticket.breachedAt', { date: formatCompactDateTime(breachedAt, locale) })
        : t('automation.sla.ticket.breached');
      break;
  }
  if ((view.phase === 'running' || view.phase === 'overdue') && due) {
    detail = t('automation.sla.ticket.dueAt', { date: formatCompactDateTime(due, locale) });
  }
  const title =
    view.phase === 'breached' && breachedAt
      ? formatDateTime(breachedAt, locale)
      : due && (view.phase === 'running' || view.phase === 'overdue')
        ? t('automation.sla.ticket.dueAt', { date: formatDateTime(due, locale) })
        : undefined;
  const counting = view.phase === 'running' || view.phase === 'overdue';

  return (
    <Box
      component="li"
      data-testid={`ticket-sla-${metric.metric}`}
      data-state={metric.state}
      data-phase={view.phase}
      data-tone={view.tone}
      title={title}
      sx={{
        minWidth: 150,
        flex: '1 1 150px',
        px: 1.25,
        py: 0.75,
        border: 1,
        borderColor: 'divider',
        borderInlineStartWidth: 4,
        borderInlineStartColor: toneAccent(view.tone),
        borderRadius: 1,
      }}
    >
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', lineHeight: 1.3 }}>
        {t(`automation.sla.metrics.${metric.metric}`)}
      </Typography>
      <Typography
        variant="body2"
        component="p"
        // A countdown: read on demand, not announced every second (role timer is polite-off).
        role={counting ? 'timer' : undefined}
        data-testid={`ticket-sla-${metric.metric}-value`}
        sx={{
          fontWeight: 700,
          color: toneText(view.tone),
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        <Box component="span" aria-hidden sx={{ display: 'inline-flex', fontSize: '1.1em' }}>
          {PHASE_ICON[view.phase]}
        </Box>
        <span dir="auto">{value}</span>
      </Typography>
      {detail ? (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', lineHeight: 1.3 }}>
          {detail}
        </Typography>
      ) : null}
    </Box>
  );
}
