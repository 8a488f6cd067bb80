import './i18n';
import {
  BULK_ACTIONS_BY_STATUS,
  BULK_RECIPIENT_STATUSES,
  type BulkAction,
  type BulkMessage,
  type BulkRecipient,
  type BulkRecipientStatus,
  messageKeyOf,
} from '@atiende/contracts';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SendIcon from '@mui/icons-material/Send';
import StopIcon from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DetailList } from '../../ui/DetailList';
import { FilterSelect } from '../../ui/FilterSelect';
import { formatCompactDateTime, formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../ui/params';
import { Section } from '../../ui/Section';
import { StatusPage } from '../../ui/StatusPage';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { AuditHistory } from '../audit/AuditHistory';
import { useKeysetRows } from '../automation/components/KeysetList';
import { LoadMoreButton } from '../automation/executions/components';
import {
  bulkAuditPath,
  exportBulkResults,
  type RecipientFilters,
  useBulkAction,
  useBulkMessage,
  useBulkRecipients,
  useSetBulkEnabled,
} from './api';
import {
  BulkProgressBar,
  BulkStatusChip,
  EmailPreview,
  frequencyText,
  ProgressCounters,
  SmsPreview,
  WhatsappPreview,
} from './components';
import { channelTypeOf, countConditions } from './model';
import { BULK_LIST_PATH } from './paths';
import { useLiveBulk } from './useLiveBulk';

const ACTION_ICONS: Record<BulkAction, ReactNode> = {
  start: <PlayArrowIcon />,
  pause: <PauseIcon />,
  stop: <StopIcon />,
  restart: <RestartAltIcon />,
  repeat: <ReplayIcon />,
  repeatFailed: <SendIcon />,
};

/** /app/bulk-messaging/:id/view: what it sends and to whom, its live progress, its actions and its recipients. */
export function BulkViewPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = parseId(params.id);
  const query = useBulkMessage(id);
  useLiveBulk(id);
  if (id === null) {
    return <StatusPage title={t('bulk.view.notFound')} description={t('pages.notFound.description')} />;
  }
  if (query.error && !query.data) {
    const notFound = (query.error as { httpStatus?: number }).httpStatus === 404;
    return notFound ? (
      <StatusPage
        title={t('bulk.view.notFound')}
        description={t('pages.notFound.description')}
        data-testid="bulk-not-found"
      />
    ) : (
      <PageContainer>
        <LoadError error={query.error} onRetry={query.refetch} testId="bulk-load-error" />
      </PageContainer>
    );
  }
  if (!query.data) return <PageLoader />;
  return <BulkView message={query.data} />;
}

function BulkView({ message }: { message: BulkMessage }) {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const action = useBulkAction(message.id);
  const setEnabled = useSetBulkEnabled();
  const [confirmStop, setConfirmStop] = useState(false);
  const actions = can('ver-botones-mensaje-masivo') ? BULK_ACTIONS_BY_STATUS[message.status] : [];
  const locale = i18n.language;

  const run = (which: BulkAction) => {
    action.mutate(which, {
      onSuccess: () => feedback.success(t(`bulk.actions.done.${which}`)),
      onError: (error) => feedback.failure(error),
    });
  };

  const problemKey = message.problem ? (messageKeyOf(message.problem) ?? message.problem) : null;

  return (
    <PageContainer>
      <PageHeader
        title={message.name}
        subtitle={t('bulk.view.subtitle', { campaign: message.campaign.name, channel: message.channel.name })}
        backTo={BULK_LIST_PATH}
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <BulkStatusChip status={message.status} testId="bulk-status" />
            <FormControlLabel
              label={t('bulk.fields.enabled')}
              sx={{ m: 0 }}
              control={
                <Switch
                  checked={message.enabled}
                  disabled={!can('editar-mensaje-masivo') || setEnabled.isPending}
                  onChange={(event) =>
                    setEnabled.mutate(
                      { id: message.id, enabled: event.target.checked },
                      {
                        onSuccess: (saved) => feedback.success(t(saved.enabled ? 'bulk.enabledOn' : 'bulk.enabledOff')),
                        onError: (error) => feedback.failure(error),
                      },
                    )
                  }
                  slotProps={{ input: { 'data-testid': 'bulk-enabled' } as object }}
                />
              }
            />
          </Box>
        }
      />
      {message.status === 'failed' && problemKey ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="bulk-problem">
          {i18n.exists(problemKey) ? t(problemKey) : t('bulk.view.failed')}
        </Alert>
      ) : null}
      <Section
        title={t('bulk.view.progress', { run: message.progress.run })}
        testId="bulk-progress"
        action={
          actions.length > 0 ? (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="bulk-actions">
              {actions.map((item) => (
                <Button
                  key={item}
                  size="small"
                  variant={item === 'stop' ? 'outlined' : 'contained'}
                  color={item === 'stop' ? 'error' : 'primary'}
                  startIcon={ACTION_ICONS[item]}
                  disabled={action.isPending}
                  onClick={() => (item === 'stop' ? setConfirmStop(true) : run(item))}
                  data-testid={`bulk-action-${item}`}
                >
                  {t(`bulk.actions.${item}`)}
                </Button>
              ))}
            </Box>
          ) : null
        }
      >
        <Box sx={{ mb: 2 }}>
          <BulkProgressBar percent={message.percent} testId="bulk-percent" />
        </Box>
        <ProgressCounters progress={message.progress} />
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 2 }}>
          <DateLine label={t('bulk.fields.startedAt')} value={message.startedAt} testId="bulk-started-at" />
          <DateLine label={t('bulk.fields.finishedAt')} value={message.finishedAt} testId="bulk-finished-at" />
          {message.nextRunAt ? (
            <DateLine label={t('bulk.fields.nextRunAt')} value={message.nextRunAt} testId="bulk-next-run-at" />
          ) : null}
        </Box>
      </Section>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Section title={t('bulk.view.configuration')} testId="bulk-configuration">
          <Configuration message={message} locale={locale} />
        </Section>
        <Section title={t('bulk.preview.title')}>
          <SavedPreview message={message} />
        </Section>
      </Box>
      <Recipients message={message} />
      <Section title={t('audit.title')}>
        <AuditHistory path={bulkAuditPath(message.id)} title="" />
      </Section>
      <ConfirmDialog
        open={confirmStop}
        title={t('bulk.actions.stopTitle')}
        message={t('bulk.actions.stopConfirm', { name: message.name })}
        confirmLabel={t('bulk.actions.stop')}
        destructive
        onCancel={() => setConfirmStop(false)}
        onConfirm={() => {
          setConfirmStop(false);
          run('stop');
        }}
      />
    </PageContainer>
  );
}

function DateLine({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId}>
        {value ? formatDateTime(value, i18n.language) : '—'}
      </Typography>
    </Box>
  );
}

function Configuration({ message, locale }: { message: BulkMessage; locale: string }) {
  const { t } = useTranslation();
  const type = channelTypeOf(message);
  const yesNo = (value: boolean) => (value ? t('bulk.summary.yes') : t('bulk.summary.no'));
  const conditions = countConditions(message.accounts.conditions);
  const rows = [
    { label: t('bulk.fields.campaign'), value: message.campaign.name, testId: 'bulk-view-campaign' },
    {
      label: t('bulk.fields.channel'),
      value: (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <ChannelTypeIcon type={message.channel.type} fontSize="small" aria-hidden />
          {message.channel.name} ({t(`channelTypes.${message.channel.type}`, message.channel.type)})
        </Box>
      ),
      testId: 'bulk-view-channel',
    },
    ...(type === 'whatsapp'
      ? [
          {
            label: t('bulk.fields.template'),
            value: message.whatsappTemplate
              ? `${message.whatsappTemplate.name} (${message.whatsappTemplate.language})`
              : '',
            testId: 'bulk-view-template',
          },
          ...message.templateValues.map((value, index) => ({
            label: t('bulk.fields.templateValue', { number: index + 1 }),
            value: <bdi>{value}</bdi>,
            testId: `bulk-view-value-${index + 1}`,
          })),
        ]
      : []),
    ...(type === 'email'
      ? [{ label: t('bulk.fields.subject'), value: message.subject ?? '', testId: 'bulk-view-subject' }]
      : []),
    { label: t('bulk.fields.activeTickets'), value: yesNo(message.activeTickets), testId: 'bulk-view-active-tickets' },
    {
      label: t('bulk.fields.frequency'),
      value: frequencyText(message.frequency, t, locale),
      testId: 'bulk-view-frequency',
    },
    {
      label: t('bulk.summary.conditions'),
      value:
        conditions === 0
          ? t('bulk.summary.noConditions')
          : t(`bulk.summary.conditionsCount.${message.accounts.conditions.match}`, { count: conditions }),
      testId: 'bulk-view-conditions',
    },
    {
      label: t('bulk.fields.campaignAccountsOnly'),
      value: yesNo(message.accounts.campaignAccountsOnly),
    },
    {
      label: t('bulk.fields.sendTo'),
      value:
        message.accounts.sendTo === 'selected'
          ? t('bulk.summary.selected', { count: message.accounts.customerIds.length })
          : t('bulk.sendTo.all'),
      testId: 'bulk-view-send-to',
    },
    { label: t('bulk.fields.createdAt'), value: formatDateTime(message.createdAt, locale) },
    { label: t('bulk.fields.createdBy'), value: message.createdBy?.name ?? '' },
  ];
  return <DetailList rows={rows} />;
}

/** What the saved message looks like, filled with the sample customer. */
function SavedPreview({ message }: { message: BulkMessage }) {
  const type = channelTypeOf(message);
  if (type === 'whatsapp') {
    const template = message.whatsappTemplate
      ? { ...message.whatsappTemplate, variables: message.templateValues.length }
      : null;
    return <WhatsappPreview template={template} values={message.templateValues} />;
  }
  if (type === 'sms') return <SmsPreview message={message.message ?? ''} />;
  if (type === 'email') return <EmailPreview subject={message.subject ?? ''} message={message.message ?? ''} />;
  return null;
}

const RECIPIENT_COLORS: Record<BulkRecipientStatus, 'default' | 'info' | 'primary' | 'success' | 'error' | 'warning'> =
  {
    new: 'default',
    sending: 'info',
    sent: 'primary',
    delivered: 'success',
    read: 'success',
    failed: 'error',
    skipped: 'warning',
  };

function Recipients({ message }: { message: BulkMessage }) {
  const { t, i18n } = useTranslation();
  const feedback = useApiFeedback();
  const lastRun = Math.max(1, message.progress.run);
  const [run, setRun] = useState<number | ''>('');
  const [status, setStatus] = useState<BulkRecipientStatus | ''>('');
  const filters: RecipientFilters = { run: run === '' ? null : run, status };
  const list = useBulkRecipients(message.id, filters);
  const rows = useKeysetRows(list);
  const [exporting, setExporting] = useState(false);
  const runs = Array.from({ length: lastRun }, (_, index) => lastRun - index);

  const download = () => {
    setExporting(true);
    exportBulkResults(message, filters.run)
      .then((name) => feedback.success(t('bulk.recipients.exported', { name })))
      .catch((error: unknown) => feedback.failure(error))
      .finally(() => setExporting(false));
  };

  return (
    <Section
      title={t('bulk.recipients.title')}
      testId="bulk-recipients"
      action={
        <Button
          size="small"
          variant="outlined"
          startIcon={<FileDownloadOutlinedIcon />}
          disabled={exporting}
          onClick={download}
          data-testid="bulk-export"
        >
          {t('bulk.recipients.export')}
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
        <FilterSelect
          label={t('bulk.recipients.run')}
          value={run}
          onChange={setRun}
          options={runs.map((item) => ({ value: item, label: t('bulk.recipients.runNumber', { run: item }) }))}
          allLabel={t('bulk.recipients.currentRun')}
          testId="bulk-recipients-run"
        />
        <FilterSelect
          label={t('bulk.recipients.status')}
          value={status}
          onChange={setStatus}
          options={BULK_RECIPIENT_STATUSES.map((item) => ({ value: item, label: t(`bulk.recipientStatuses.${item}`) }))}
          testId="bulk-recipients-status"
        />
      </Box>
      <Box sx={{ height: 4, mb: 0.5 }}>
        {list.isFetching && !list.isFetchingNextPage && list.data ? <LinearProgress /> : null}
      </Box>
      {list.error && !list.data ? (
        <LoadError error={list.error} onRetry={list.refetch} testId="bulk-recipients-error" />
      ) : !list.data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }} data-testid="bulk-recipients-empty">
          {t('bulk.recipients.empty')}
        </Typography>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" sx={{ minWidth: 860 }} aria-label={t('bulk.recipients.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('bulk.recipients.columns.customer')}</TableCell>
                  <TableCell>{t('bulk.recipients.columns.contact')}</TableCell>
                  <TableCell>{t('bulk.recipients.columns.status')}</TableCell>
                  <TableCell>{t('bulk.recipients.columns.error')}</TableCell>
                  <TableCell>{t('bulk.recipients.columns.sentAt')}</TableCell>
                  <TableCell>{t('bulk.recipients.columns.deliveredAt')}</TableCell>
                  <TableCell>{t('bulk.recipients.columns.readAt')}</TableCell>
                  <TableCell>{t('bulk.recipients.columns.ticket')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((recipient) => (
                  <RecipientRow key={recipient.id} recipient={recipient} locale={i18n.language} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <LoadMoreButton
            visible={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
            testId="bulk-recipients-more"
          />
        </>
      )}
    </Section>
  );
}

function TimeCell({ value, locale }: { value: string | null; locale: string }) {
  return (
    <TableCell sx={{ whiteSpace: 'nowrap' }} title={value ? formatDateTime(value, locale) : undefined}>
      {value ? formatCompactDateTime(value, locale) : '—'}
    </TableCell>
  );
}

function RecipientRow({ recipient, locale }: { recipient: BulkRecipient; locale: string }) {
  const { t } = useTranslation();
  const errorKey = recipient.error ? (messageKeyOf(recipient.error) ?? recipient.error) : null;
  return (
    <TableRow data-testid={`bulk-recipient-${recipient.id}`} sx={{ verticalAlign: 'top' }}>
      <TableCell>
        <bdi>{recipient.customer.name}</bdi>
      </TableCell>
      <TableCell>
        <bdi dir="ltr">{recipient.contact}</bdi>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={RECIPIENT_COLORS[recipient.status]}
          variant={recipient.status === 'new' ? 'outlined' : 'filled'}
          label={t(`bulk.recipientStatuses.${recipient.status}`)}
          data-status={recipient.status}
          data-testid={`bulk-recipient-status-${recipient.id}`}
        />
      </TableCell>
      <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
        {errorKey ? (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {errorKey.includes(' ') ? errorKey : t(errorKey, errorKey)}
          </Typography>
        ) : (
          '—'
        )}
      </TableCell>
      <TimeCell value={recipient.sentAt} locale={locale} />
      <TimeCell value={recipient.deliveredAt} locale={locale} />
      <TimeCell value={recipient.readAt} locale={locale} />
      <TableCell>
        {recipient.ticketId ? (
          <Link
            component={RouterLink}
            to={`/app/tickets/${recipient.ticketId}/view`}
            data-testid={`bulk-recipient-ticket-${recipient.id}`}
          >
            {t('bulk.recipients.ticket', { id: recipient.ticketId })}
          </Link>
        ) : (
          '—'
        )}
      </TableCell>
    </TableRow>
  );
}
