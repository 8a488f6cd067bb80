import './i18n';
import {
  DIALER_ACCOUNT_STATUSES,
  DIALER_EDITABLE_STATUSES,
  type DialerAccount,
  type DialerAccountStatus,
  type DialerDetail,
  type DialerStats,
  messageKeyOf,
} from '@atiende/contracts';
import EditIcon from '@mui/icons-material/Edit';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import PhoneDisabledOutlinedIcon from '@mui/icons-material/PhoneDisabledOutlined';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import RtlProvider from '@mui/system/RtlProvider';
import { visuallyHidden } from '@mui/utils';
import { BarChart } from '@mui/x-charts/BarChart';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { DetailList } from '../../ui/DetailList';
import { EmptyState } from '../../ui/EmptyState';
import { FilterSelect } from '../../ui/FilterSelect';
import { formatCompactDateTime, formatDateTime, formatFileSize } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../ui/params';
import { Section } from '../../ui/Section';
import { StatusPage } from '../../ui/StatusPage';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useKeysetRows } from '../automation/components/KeysetList';
import { LoadMoreButton } from '../automation/executions/components';
import { countConditions } from '../bulk/model';
import { CountsChart, HiddenCountsTable } from '../surveys/charts';
import { fetchDialerAudio, useDialer, useDialerAccounts, useDialerStats } from './api';
import {
  ACTION_ICONS,
  actionsOf,
  CountFigure,
  DialerStatusChip,
  needsTelephony,
  useDialerActionFlow,
} from './components';
import { hourLabel } from './model';
import { DIALERS_PATH, dialerEditPath } from './paths';
import { useLiveDialers } from './useLiveDialers';

/** /app/dialers/:id/view: the configuration, the counters and actions, the charts and the accounts. */
export function DialerViewPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = parseId(params.id);
  const query = useDialer(id);
  useLiveDialers(id);
  if (id === null) {
    return <StatusPage title={t('dialers.view.notFound')} description={t('pages.notFound.description')} />;
  }
  if (query.error && !query.data) {
    const notFound = (query.error as { httpStatus?: number }).httpStatus === 404;
    return notFound ? (
      <StatusPage
        title={t('dialers.view.notFound')}
        description={t('pages.notFound.description')}
        data-testid="dialer-not-found"
      />
    ) : (
      <PageContainer>
        <LoadError error={query.error} onRetry={query.refetch} testId="dialer-load-error" />
      </PageContainer>
    );
  }
  if (!query.data) return <PageLoader />;
  return <DialerView dialer={query.data} />;
}

function DialerView({ dialer }: { dialer: DialerDetail }) {
  const { t, i18n } = useTranslation();
  const flow = useDialerActionFlow();
  const actions = actionsOf(dialer);
  const editable = DIALER_EDITABLE_STATUSES.includes(dialer.status);
  const problemKey = dialer.problem ? (messageKeyOf(dialer.problem) ?? dialer.problem) : null;

  return (
    <PageContainer>
      <PageHeader
        title={dialer.label}
        subtitle={t('dialers.view.subtitle', {
          type: t(`dialers.types.${dialer.type}`),
          campaign: dialer.campaign.name,
        })}
        backTo={DIALERS_PATH}
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <DialerStatusChip status={dialer.status} testId="dialer-status" />
            <Button
              component={RouterLink}
              to={dialerEditPath(dialer.id)}
              variant="outlined"
              size="small"
              startIcon={<EditIcon />}
              disabled={!editable}
              data-testid="dialer-edit"
            >
              {t('dialers.view.edit')}
            </Button>
          </Box>
        }
      />
      {dialer.telephonyConfigured ? null : (
        <Alert severity="info" icon={<PhoneDisabledOutlinedIcon />} sx={{ mb: 2 }} data-testid="dialer-telephony-off">
          <AlertTitle>{t('dialers.view.telephonyOff.title')}</AlertTitle>
          {t('dialers.view.telephonyOff.text')}
        </Alert>
      )}
      {dialer.status === 'failed' ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="dialer-problem">
          {problemKey && i18n.exists(problemKey) ? t(problemKey) : t('dialers.view.failed')}
        </Alert>
      ) : null}
      <Section
        title={t('dialers.view.counts')}
        testId="dialer-counts"
        action={
          actions.length > 0 ? (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="dialer-actions">
              {actions.map((action) => {
                const off = needsTelephony(action, dialer.telephonyConfigured);
                const button = (
                  <Button
                    key={action}
                    size="small"
                    variant={action === 'stop' ? 'outlined' : 'contained'}
                    color={action === 'stop' ? 'error' : 'primary'}
                    startIcon={ACTION_ICONS[action]}
                    disabled={off || flow.running}
                    onClick={() => flow.ask(dialer, action)}
                    data-testid={`dialer-action-${action}`}
                  >
                    {t(`dialers.actions.${action}`)}
                  </Button>
                );
                return off ? (
                  <Tooltip key={action} title={t('dialers.actions.startNeedsTelephony')}>
                    <span>{button}</span>
                  </Tooltip>
                ) : (
                  <Box key={action} component="span">
                    {button}
                  </Box>
                );
              })}
            </Box>
          ) : null
        }
      >
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          <CountFigure
            label={t('dialers.list.columns.registries')}
            value={dialer.counts.registries}
            testId="dialer-count-registries"
            strong
          />
          <CountFigure label={t('dialers.list.columns.new')} value={dialer.counts.new} testId="dialer-count-new" />
          <CountFigure
            label={t('dialers.list.columns.executed')}
            value={dialer.counts.executed}
            testId="dialer-count-executed"
          />
          <CountFigure
            label={t('dialers.list.columns.success')}
            value={dialer.counts.success}
            testId="dialer-count-success"
          />
          <CountFigure
            label={t('dialers.list.columns.failed')}
            value={dialer.counts.failed}
            testId="dialer-count-failed"
          />
        </Box>
      </Section>
      <Section title={t('dialers.view.configuration')} testId="dialer-configuration">
        <Configuration dialer={dialer} />
      </Section>
      <Charts dialer={dialer} />
      <Accounts dialer={dialer} />
      {flow.dialog}
    </PageContainer>
  );
}

function Configuration({ dialer }: { dialer: DialerDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const yesNo = (value: boolean) => (value ? t('dialers.summary.yes') : t('dialers.summary.no'));
  const conditions = countConditions(dialer.accounts.conditions);
  const help = (text: string) => (
    <Typography variant="caption" component="span" sx={{ color: 'text.secondary', display: 'block' }}>
      {text}
    </Typography>
  );
  const figure = (field: 'channels' | 'parallels' | 'tries' | 'rings') => ({
    label: t(`dialers.fields.${field}`),
    value: (
      <Box>
        <Typography variant="body1" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {dialer[field].toLocaleString(locale)}
        </Typography>
        {help(t(`dialers.help.${field}`))}
      </Box>
    ),
    testId: `dialer-view-${field}`,
  });
  const rows = [
    { label: t('dialers.fields.campaign'), value: <bdi>{dialer.campaign.name}</bdi>, testId: 'dialer-view-campaign' },
    { label: t('dialers.fields.type'), value: t(`dialers.types.${dialer.type}`), testId: 'dialer-view-type' },
    ...(dialer.type === 'call_extension'
      ? [{ label: t('dialers.fields.extension'), value: <bdi dir="ltr">{dialer.extension}</bdi> }]
      : []),
    ...(dialer.type === 'play_audio'
      ? [{ label: t('dialers.fields.audio'), value: <AudioLine dialer={dialer} /> }]
      : []),
    figure('channels'),
    figure('parallels'),
    figure('tries'),
    figure('rings'),
    { label: t('dialers.fields.sendToQueue'), value: yesNo(dialer.sendToQueue), testId: 'dialer-view-send-to-queue' },
    {
      label: t('dialers.fields.conditions'),
      value:
        conditions === 0 ? t('dialers.summary.noConditions') : t('dialers.summary.conditions', { count: conditions }),
      testId: 'dialer-view-conditions',
    },
    {
      label: t('dialers.fields.sendTo'),
      value:
        dialer.accounts.sendTo === 'selected'
          ? t('dialers.summary.selected', { count: dialer.accounts.customerIds.length })
          : t('dialers.sendTo.all'),
    },
    { label: t('dialers.fields.createdAt'), value: formatDateTime(dialer.createdAt, locale) },
    { label: t('dialers.fields.createdBy'), value: dialer.createdBy?.name ?? '' },
    { label: t('dialers.fields.startedAt'), value: dialer.startedAt ? formatDateTime(dialer.startedAt, locale) : '' },
    {
      label: t('dialers.fields.finishedAt'),
      value: dialer.finishedAt ? formatDateTime(dialer.finishedAt, locale) : '',
    },
  ];
  return <DetailList rows={rows} />;
}

/** The audio's name and size, and a button that fetches it (with the session) to listen to it here. */
function AudioLine({ dialer }: { dialer: DialerDetail }) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  if (!dialer.audio) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Box>
        <Typography component="bdi" sx={{ fontWeight: 600, display: 'block' }}>
          {dialer.audio.filename}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {formatFileSize(dialer.audio.size, i18n.language)}
        </Typography>
      </Box>
      {url ? (
        // biome-ignore lint/a11y/useMediaCaption: a recorded message uploaded by the business; it has no captions.
        <audio controls autoPlay src={url} aria-label={t('dialers.audio.listen')} data-testid="dialer-view-audio" />
      ) : (
        <Button
          size="small"
          variant="outlined"
          startIcon={<VolumeUpIcon />}
          disabled={loading}
          onClick={() => {
            setLoading(true);
            fetchDialerAudio(dialer.id)
              .then(setUrl)
              .catch((error: unknown) => feedback.failure(error))
              .finally(() => setLoading(false));
          }}
          data-testid="dialer-view-listen"
        >
          {t('dialers.audio.listen')}
        </Button>
      )}
    </Box>
  );
}

const CHART_HEIGHT = 260;

/** Attempts per hour and accounts by dialing state, each with its accessible table and its empty state. */
function Charts({ dialer }: { dialer: DialerDetail }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const stats = useDialerStats(dialer.id);
  const stateColors: Record<DialerAccountStatus, string> = {
    new: theme.palette.info.main,
    executed: theme.palette.warning.main,
    success: theme.palette.success.main,
    failed: theme.palette.error.main,
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        gap: 2,
        alignItems: 'start',
      }}
      data-testid="dialer-charts"
    >
      <Section title={t('dialers.view.charts.attemptsPerHour')} testId="dialer-chart-attempts">
        {stats.error && !stats.data ? (
          <LoadError error={stats.error} onRetry={stats.refetch} testId="dialer-stats-error" />
        ) : !stats.data ? (
          <PageLoader />
        ) : stats.data.attemptsPerHour.length === 0 ? (
          <EmptyState
            data-testid="dialer-chart-attempts-empty"
            icon={<InsightsOutlinedIcon fontSize="inherit" />}
            title={t('dialers.view.charts.attemptsPerHourEmpty')}
            description={t('dialers.view.charts.attemptsPerHourEmptyHint')}
          />
        ) : (
          <AttemptsChart hours={stats.data.attemptsPerHour} />
        )}
      </Section>
      <Section title={t('dialers.view.charts.accountsByStatus')} testId="dialer-chart-states">
        {!stats.data ? (
          stats.error ? null : (
            <PageLoader />
          )
        ) : dialer.counts.registries === 0 ? (
          <EmptyState
            data-testid="dialer-chart-states-empty"
            icon={<InsightsOutlinedIcon fontSize="inherit" />}
            title={t('dialers.view.charts.accountsByStatusEmpty')}
          />
        ) : (
          <>
            <CountsChart
              title={t('dialers.view.charts.accountsByStatus')}
              rows={DIALER_ACCOUNT_STATUSES.map((status) => ({
                label: t(`dialers.accountStatuses.${status}`),
                count: stats.data.accountsByStatus[status],
              }))}
              colors={DIALER_ACCOUNT_STATUSES.map((status) => stateColors[status])}
              height={CHART_HEIGHT}
              testId="dialer-chart-states-chart"
            />
            <HiddenCountsTable
              caption={t('dialers.view.charts.accountsByStatus')}
              rows={DIALER_ACCOUNT_STATUSES.map((status) => ({
                label: t(`dialers.accountStatuses.${status}`),
                count: stats.data.accountsByStatus[status],
              }))}
              testId="dialer-chart-states-table"
            />
          </>
        )}
      </Section>
    </Box>
  );
}

/** Attempts and answered calls per hour as grouped bars, drawn left to right in both directions. */
function AttemptsChart({ hours }: { hours: DialerStats['attemptsPerHour'] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale);
  const format = (value: number | null) => (value === null ? '' : number.format(value));
  const labels = hours.map((hour) => hourLabel(hour.hour, locale));
  const tickLabelStyle = { fontSize: 12, fill: theme.palette.text.secondary };
  const title = t('dialers.view.charts.attemptsPerHour');
  return (
    <>
      <RtlProvider value={false}>
        <Box
          dir="ltr"
          role="img"
          aria-label={t('dialers.view.charts.chartOf', { title })}
          sx={{ width: '100%' }}
          data-testid="dialer-chart-attempts-chart"
        >
          <BarChart
            height={CHART_HEIGHT}
            xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle, height: 40 }]}
            yAxis={[{ valueFormatter: format, tickLabelStyle, tickMinStep: 1, width: 48 }]}
            series={[
              {
                id: 'attempts',
                label: t('dialers.view.charts.attempts'),
                data: hours.map((hour) => hour.attempts),
                color: theme.palette.primary.main,
                valueFormatter: format,
              },
              {
                id: 'answered',
                label: t('dialers.view.charts.answered'),
                data: hours.map((hour) => hour.answered),
                color: theme.palette.success.main,
                valueFormatter: format,
              },
            ]}
            grid={{ horizontal: true }}
            margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          />
        </Box>
      </RtlProvider>
      <table style={visuallyHidden as CSSProperties} data-testid="dialer-chart-attempts-table">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dialers.view.charts.hour')}</th>
            <th scope="col">{t('dialers.view.charts.attempts')}</th>
            <th scope="col">{t('dialers.view.charts.answered')}</th>
          </tr>
        </thead>
        <tbody>
          {hours.map((hour, index) => (
            <tr key={hour.hour}>
              <th scope="row">{labels[index]}</th>
              <td>{number.format(hour.attempts)}</td>
              <td>{number.format(hour.answered)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const ACCOUNT_COLORS: Record<DialerAccountStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  new: 'default',
  executed: 'info',
  success: 'success',
  failed: 'error',
};

/** The dialer's accounts, a keyset page more at a time, filtered by dialing state. */
function Accounts({ dialer }: { dialer: DialerDetail }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<DialerAccountStatus | ''>('');
  const list = useDialerAccounts(dialer.id, status);
  const rows = useKeysetRows(list);
  return (
    <Section title={t('dialers.view.accounts.title')} testId="dialer-accounts">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
        <FilterSelect
          label={t('dialers.view.accounts.status')}
          value={status}
          onChange={setStatus}
          options={DIALER_ACCOUNT_STATUSES.map((item) => ({
            value: item,
            label: t(`dialers.accountStatuses.${item}`),
          }))}
          testId="dialer-accounts-status"
        />
      </Box>
      <Box sx={{ height: 4, mb: 0.5 }}>
        {list.isFetching && !list.isFetchingNextPage && list.data ? <LinearProgress /> : null}
      </Box>
      {list.error && !list.data ? (
        <LoadError error={list.error} onRetry={list.refetch} testId="dialer-accounts-error" />
      ) : !list.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }} data-testid="dialer-accounts-empty">
          {t('dialers.view.accounts.empty')}
        </Typography>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" sx={{ minWidth: 720 }} aria-label={t('dialers.view.accounts.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('dialers.view.accounts.columns.customer')}</TableCell>
                  <TableCell>{t('dialers.view.accounts.columns.phone')}</TableCell>
                  <TableCell>{t('dialers.view.accounts.columns.status')}</TableCell>
                  <TableCell sx={{ textAlign: 'end' }}>{t('dialers.view.accounts.columns.attempts')}</TableCell>
                  <TableCell>{t('dialers.view.accounts.columns.lastOutcome')}</TableCell>
                  <TableCell>{t('dialers.view.accounts.columns.lastAttemptAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((account) => (
                  <AccountRow key={account.id} account={account} locale={i18n.language} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <LoadMoreButton
            visible={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
            testId="dialer-accounts-more"
          />
        </>
      )}
    </Section>
  );
}

function AccountRow({ account, locale }: { account: DialerAccount; locale: string }) {
  const { t } = useTranslation();
  return (
    <TableRow data-testid={`dialer-account-${account.id}`}>
      <TableCell>
        <Link
          component={RouterLink}
          to={`/app/customers/${account.customer.id}/view`}
          underline="hover"
          color="inherit"
        >
          <bdi>{account.customer.name}</bdi>
        </Link>
      </TableCell>
      <TableCell>
        <bdi dir="ltr">{account.phone}</bdi>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={ACCOUNT_COLORS[account.status]}
          variant={account.status === 'new' ? 'outlined' : 'filled'}
          label={t(`dialers.accountStatuses.${account.status}`)}
          data-status={account.status}
          data-testid={`dialer-account-status-${account.id}`}
        />
      </TableCell>
      <TableCell sx={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>{account.attempts}</TableCell>
      <TableCell>{account.lastOutcome ? t(`dialers.outcomes.${account.lastOutcome}`) : '—'}</TableCell>
      <TableCell
        sx={{ whiteSpace: 'nowrap' }}
        title={account.lastAttemptAt ? formatDateTime(account.lastAttemptAt, locale) : undefined}
      >
        {account.lastAttemptAt ? formatCompactDateTime(account.lastAttemptAt, locale) : '—'}
      </TableCell>
    </TableRow>
  );
}
