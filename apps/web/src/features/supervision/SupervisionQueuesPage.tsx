import './i18n';
import { type QueueSnapshot, TICKET_STATUS } from '@atiende/contracts';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import RefreshIcon from '@mui/icons-material/Refresh';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import { formatDuration } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { Tooltip } from '../../ui/Tooltip';
import { WaitingReasonChips } from '../desk/WaitingNotices';
import { useLiveQueues, useNow, useQueues } from './api';
import { elapsedSeconds, queueTotals, serviceLevelState } from './model';

const LEVEL_COLOR = { met: 'success', below: 'error', none: 'default' } as const;

/** One labelled figure of a queue card. */
function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, py: 0.5 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="span"
        // Figures read left to right in both directions ("2 / 5" must not turn into "5 / 2").
        dir="ltr"
        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', textAlign: 'end' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** A big figure (waiting, in progress) at the top of the card. */
function BigFigure({
  label,
  value,
  accent,
  testId,
  to,
}: {
  label: string;
  value: number;
  accent?: boolean;
  testId: string;
  /** The tickets list filtered to what the figure counts. */
  to?: string;
}) {
  return (
    <Box
      sx={{ flex: '1 1 0', minWidth: 0, color: 'inherit', textDecoration: 'none', borderRadius: 1 }}
      {...(to ? { component: RouterLink, to, 'data-testid': `${testId}-link` } : {})}
    >
      <Typography
        variant="h3"
        component="p"
        sx={{
          fontWeight: 700,
          lineHeight: 1.1,
          fontVariantNumeric: 'tabular-nums',
          color: accent && value > 0 ? 'warning.main' : 'text.primary',
        }}
        data-testid={testId}
      >
        {value}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}

function OldestWaiting({ since }: { since: string | null }) {
  const now = useNow();
  const { t } = useTranslation();
  return <>{since ? formatDuration(elapsedSeconds(since, now)) : t('supervision.queues.none')}</>;
}

function QueueCard({ queue }: { queue: QueueSnapshot }) {
  const { t } = useTranslation();
  const id = queue.campaign.id;
  const level = serviceLevelState(queue);
  return (
    <Paper
      variant="outlined"
      data-testid={`queue-${id}`}
      data-service-level={level}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minWidth: 0 }}>
        <Typography
          variant="h6"
          component="h2"
          sx={{ fontWeight: 700, flexGrow: 1, minWidth: 0, lineHeight: 1.3, overflowWrap: 'anywhere' }}
        >
          {queue.campaign.name}
        </Typography>
        <Chip
          size="small"
          color={LEVEL_COLOR[level]}
          variant={level === 'none' ? 'outlined' : 'filled'}
          label={
            level === 'met'
              ? t('supervision.queues.met')
              : level === 'below'
                ? t('supervision.queues.below')
                : t('supervision.queues.noData')
          }
          data-testid={`queue-level-${id}`}
          sx={{ flexShrink: 0, mt: 0.25 }}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <BigFigure
          label={t('supervision.queues.waiting')}
          value={queue.waiting}
          accent
          testId={`queue-waiting-${id}`}
          to={`/app/tickets?campaigns=${id}&agents_filter=unassigned&selectedStatus=${TICKET_STATUS.new}`}
        />
        <BigFigure
          label={t('supervision.queues.inProgress')}
          value={queue.inProgress}
          testId={`queue-in-progress-${id}`}
        />
      </Box>
      <WaitingReasonChips reasons={queue.waitingReasons} testId={`queue-reasons-${id}`} />
      <Divider />
      <Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('supervision.queues.serviceLevel')}
          </Typography>
          <Typography
            variant="body2"
            component="span"
            sx={{
              fontWeight: 700,
              fontVariantNumeric: 'tabular-nums',
              color: level === 'met' ? 'success.main' : level === 'below' ? 'error.main' : 'text.secondary',
            }}
            data-testid={`queue-service-level-${id}`}
          >
            {queue.serviceLevel === null
              ? t('supervision.queues.none')
              : t('supervision.queues.percent', { value: queue.serviceLevel })}
          </Typography>
        </Box>
        <Box sx={{ position: 'relative', my: 0.75 }}>
          <LinearProgress
            variant="determinate"
            value={queue.serviceLevel ?? 0}
            color={level === 'below' ? 'error' : level === 'met' ? 'success' : 'inherit'}
            aria-label={t('supervision.queues.serviceLevel')}
            sx={{ height: 6, borderRadius: 3, color: level === 'none' ? 'text.disabled' : undefined }}
          />
          {/* The target as a tick on the bar (logical inset: it mirrors in right-to-left). */}
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              insetBlock: -3,
              insetInlineStart: `calc(${Math.min(100, Math.max(0, queue.serviceLevelTarget))}% - 1px)`,
              width: 2,
              borderRadius: 1,
              bgcolor: 'text.primary',
            }}
          />
        </Box>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('supervision.queues.target', { target: queue.serviceLevelTarget })}
        </Typography>
      </Box>
      <Divider />
      <Box>
        <Stat
          label={t('supervision.queues.agents')}
          value={`${queue.agentsAvailable} / ${queue.agentsOnline}`}
          testId={`queue-agents-${id}`}
        />
        <Stat
          label={t('supervision.queues.aht')}
          value={
            queue.averageHandlingSeconds === null
              ? t('supervision.queues.none')
              : formatDuration(queue.averageHandlingSeconds)
          }
          testId={`queue-aht-${id}`}
        />
        <Stat
          label={t('supervision.queues.oldest')}
          value={<OldestWaiting since={queue.oldestWaitingSince} />}
          testId={`queue-oldest-${id}`}
        />
      </Box>
    </Paper>
  );
}

/**
 * /app/supervision/queues: one card per campaign the supervisor watches, refreshed every 15 s and (throttled) on
 * ticket, inbound and agent events.
 */
export function SupervisionQueuesPage() {
  const { t } = useTranslation();
  const queues = useQueues();
  useLiveQueues();
  const list = queues.data ?? [];
  const totals = queueTotals(list);

  return (
    <PageContainer maxWidth={1400}>
      <PageHeader
        title={t('supervision.queues.title')}
        subtitle={t('supervision.queues.subtitle')}
        actions={
          <Tooltip title={t('supervision.refresh')}>
            <IconButton
              aria-label={t('supervision.refresh')}
              onClick={() => void queues.refetch()}
              data-testid="queues-refresh"
            >
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        }
      />
      {queues.isLoading ? (
        <PageLoader />
      ) : list.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            data-testid="queues-empty"
            icon={<ViewListOutlinedIcon fontSize="inherit" />}
            title={t('supervision.queues.empty')}
            description={t('supervision.queues.emptyDescription')}
          />
        </Paper>
      ) : (
        <>
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, color: 'text.secondary' }}
            data-testid="queues-totals"
          >
            <HourglassEmptyIcon fontSize="small" />
            <Typography variant="body2">
              {t('supervision.queues.totals', {
                waiting: totals.waiting,
                inProgress: totals.inProgress,
                available: totals.agentsAvailable,
                online: totals.agentsOnline,
              })}
            </Typography>
            <Box sx={{ flexGrow: 1 }} />
            <Box sx={{ width: 120, visibility: queues.isFetching ? 'visible' : 'hidden' }}>
              <LinearProgress aria-hidden />
            </Box>
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
            }}
          >
            {list.map((queue) => (
              <QueueCard key={queue.campaign.id} queue={queue} />
            ))}
          </Box>
        </>
      )}
    </PageContainer>
  );
}
