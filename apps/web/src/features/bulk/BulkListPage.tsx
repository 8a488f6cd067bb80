import './i18n';
import { BULK_STATUSES, type BulkMessage, type BulkStatus } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePermissions } from '../../app/queries';
import { ChannelTypeIcon } from '../../ui/ChannelTypeIcon';
import { EnabledChip } from '../../ui/EnabledChip';
import { FilterSelect } from '../../ui/FilterSelect';
import { formatCompactDateTime, formatDateTime } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { SearchField } from '../../ui/SearchField';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { KeysetListBody, useKeysetRows, useSettled } from '../automation/components/KeysetList';
import { useBulkList, useSetBulkEnabled } from './api';
import { BulkProgressBar, BulkStatusChip } from './components';
import { BULK_ADD_PATH, bulkViewPath } from './paths';
import { useLiveBulk } from './useLiveBulk';

/** /app/bulk-messaging: the bulk messages, newest first, a page more at a time, their progress live. */
export function BulkListPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BulkStatus | ''>('');
  const searchText = useSettled(search);
  const list = useBulkList({ searchText, status });
  const rows = useKeysetRows(list);
  useLiveBulk();
  const filtered = Boolean(searchText.trim()) || status !== '';

  return (
    <PageContainer>
      <PageHeader
        title={t('menu.items.bulkMessaging')}
        subtitle={t('bulk.list.subtitle')}
        actions={
          can('agregar-mensaje-masivo') ? (
            <Button
              component={RouterLink}
              to={BULK_ADD_PATH}
              variant="contained"
              startIcon={<AddIcon />}
              data-testid="bulk-add"
            >
              {t('bulk.list.add')}
            </Button>
          ) : null
        }
      />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <SearchField value={search} onValueChange={setSearch} label={t('bulk.list.search')} testId="bulk-search" />
        <FilterSelect
          label={t('bulk.list.status')}
          value={status}
          onChange={setStatus}
          options={BULK_STATUSES.map((item) => ({ value: item, label: t(`bulk.statuses.${item}`) }))}
          testId="bulk-status-filter"
        />
      </Box>
      {/* Reloading with another filter: the rows shown stay until the new ones arrive. */}
      <Box sx={{ height: 4, mb: 0.5 }}>
        {list.isFetching && !list.isFetchingNextPage && list.data ? <LinearProgress /> : null}
      </Box>
      <KeysetListBody
        query={list}
        rows={rows}
        testId="bulk-list"
        icon={<SendOutlinedIcon fontSize="inherit" />}
        filtered={filtered}
        texts={{ noMatch: t('bulk.list.noMatch'), empty: t('bulk.list.empty'), emptyHint: t('bulk.list.emptyHint') }}
      >
        <BulkTable rows={rows} canView={can('editar-mensaje-masivo')} canEdit={can('editar-mensaje-masivo')} />
      </KeysetListBody>
    </PageContainer>
  );
}

function BulkTable({ rows, canView, canEdit }: { rows: BulkMessage[]; canView: boolean; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const setEnabled = useSetBulkEnabled();
  const locale = i18n.language;
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="bulk-list">
      <Table size="small" sx={{ minWidth: 900 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('bulk.list.columns.name')}</TableCell>
            <TableCell>{t('bulk.list.columns.campaign')}</TableCell>
            <TableCell>{t('bulk.list.columns.channel')}</TableCell>
            <TableCell>{t('bulk.list.columns.status')}</TableCell>
            <TableCell sx={{ minWidth: 180 }}>{t('bulk.list.columns.progress')}</TableCell>
            <TableCell>{t('bulk.list.columns.enabled')}</TableCell>
            <TableCell>{t('bulk.list.columns.createdAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((message) => {
            const open = canView ? bulkViewPath(message.id) : null;
            return (
              <TableRow
                key={message.id}
                hover
                data-testid={`bulk-row-${message.id}`}
                // The name is the row's link for keyboards; a click anywhere on the row opens it too.
                onClick={open ? () => navigate(open) : undefined}
                sx={{ cursor: open ? 'pointer' : undefined }}
              >
                <TableCell sx={{ minWidth: 200 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
                    {open ? (
                      <Link
                        component={RouterLink}
                        to={open}
                        underline="hover"
                        color="inherit"
                        onClick={(event) => event.stopPropagation()}
                        data-testid={`bulk-open-${message.id}`}
                      >
                        {message.name}
                      </Link>
                    ) : (
                      message.name
                    )}
                  </Typography>
                </TableCell>
                <TableCell>
                  <bdi>{message.campaign.name}</bdi>
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    <Tooltip title={t(`channelTypes.${message.channel.type}`, message.channel.type)}>
                      <ChannelTypeIcon
                        type={message.channel.type}
                        fontSize="small"
                        titleAccess={t(`channelTypes.${message.channel.type}`, message.channel.type)}
                        data-testid={`bulk-channel-type-${message.id}`}
                      />
                    </Tooltip>
                    <bdi>{message.channel.name}</bdi>
                  </Box>
                </TableCell>
                <TableCell>
                  <BulkStatusChip status={message.status} testId={`bulk-row-status-${message.id}`} />
                </TableCell>
                <TableCell>
                  <BulkProgressBar percent={message.percent} dense testId={`bulk-row-progress-${message.id}`} />
                </TableCell>
                <TableCell onClick={(event) => event.stopPropagation()}>
                  {canEdit ? (
                    <Switch
                      size="small"
                      checked={message.enabled}
                      onChange={(event) =>
                        setEnabled.mutate(
                          { id: message.id, enabled: event.target.checked },
                          { onError: (error) => feedback.failure(error) },
                        )
                      }
                      slotProps={{
                        input: {
                          'aria-label': t('bulk.list.enabledOf', { name: message.name }),
                          'data-testid': `bulk-row-enabled-${message.id}`,
                        } as object,
                      }}
                    />
                  ) : (
                    <EnabledChip enabled={message.enabled} />
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} title={formatDateTime(message.createdAt, locale)}>
                  {formatCompactDateTime(message.createdAt, locale)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
