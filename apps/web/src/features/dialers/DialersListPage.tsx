import './i18n';
import { DIALER_STATUSES, type Dialer, type DialerAction, type DialerStatus } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import DialpadIcon from '@mui/icons-material/Dialpad';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
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
import { FilterSelect } from '../../ui/FilterSelect';
import { formatCompactDateTime, formatDateTime } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { Tooltip } from '../../ui/Tooltip';
import { KeysetListBody, useKeysetRows } from '../automation/components/KeysetList';
import { useDialerOptions, useDialersList } from './api';
import { ACTION_ICONS, actionsOf, DialerStatusChip, needsTelephony, useDialerActionFlow } from './components';
import { DIALER_ADD_PATH, dialerViewPath } from './paths';
import { useLiveDialers } from './useLiveDialers';

/** /app/dialers: the dialers of the caller's campaigns, newest first, a page more at a time, with their counters. */
export function DialersListPage() {
  const { t } = useTranslation();
  const [campaignId, setCampaignId] = useState<number | ''>('');
  const [status, setStatus] = useState<DialerStatus | ''>('');
  const options = useDialerOptions();
  const list = useDialersList({ campaignId, status });
  useLiveDialers();
  const rows = useKeysetRows(list);
  const telephonyConfigured = list.data?.pages[0]?.telephonyConfigured ?? false;
  const flow = useDialerActionFlow();

  return (
    <PageContainer>
      <PageHeader
        title={t('menu.items.dialers')}
        subtitle={t('dialers.list.subtitle')}
        actions={
          <Button
            component={RouterLink}
            to={DIALER_ADD_PATH}
            variant="contained"
            startIcon={<AddIcon />}
            data-testid="dialer-add"
          >
            {t('dialers.list.add')}
          </Button>
        }
      />
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <FilterSelect
          label={t('dialers.list.campaign')}
          value={campaignId}
          onChange={setCampaignId}
          options={(options.data?.campaigns ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name }))}
          allLabel={t('dialers.list.allCampaigns')}
          minWidth={200}
          testId="dialers-campaign-filter"
        />
        <FilterSelect
          label={t('dialers.list.status')}
          value={status}
          onChange={setStatus}
          options={DIALER_STATUSES.map((item) => ({ value: item, label: t(`dialers.statuses.${item}`) }))}
          testId="dialers-status-filter"
        />
      </Box>
      {/* Reloading with another filter: the rows shown stay until the new ones arrive. */}
      <Box sx={{ height: 4, mb: 0.5 }}>
        {list.isFetching && !list.isFetchingNextPage && list.data ? <LinearProgress /> : null}
      </Box>
      <KeysetListBody
        query={list}
        rows={rows}
        testId="dialers-list"
        icon={<DialpadIcon fontSize="inherit" />}
        filtered={campaignId !== '' || status !== ''}
        texts={{
          noMatch: t('dialers.list.noMatch'),
          empty: t('dialers.list.empty'),
          emptyHint: t('dialers.list.emptyHint'),
        }}
      >
        <DialersTable
          rows={rows}
          telephonyConfigured={telephonyConfigured}
          onAction={(dialer, action) => flow.ask(dialer, action)}
          busy={flow.running}
        />
      </KeysetListBody>
      {flow.dialog}
    </PageContainer>
  );
}

const NUMBER_CELL = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function DialersTable({
  rows,
  telephonyConfigured,
  onAction,
  busy,
}: {
  rows: Dialer[];
  telephonyConfigured: boolean;
  onAction: (dialer: Dialer, action: DialerAction) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language;
  const number = (value: number) => value.toLocaleString(locale);
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="dialers-table">
      <Table size="small" sx={{ minWidth: 1000 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dialers.list.columns.id')}</TableCell>
            <TableCell>{t('dialers.list.columns.label')}</TableCell>
            <TableCell>{t('dialers.list.columns.createdAt')}</TableCell>
            <TableCell>{t('dialers.list.columns.campaign')}</TableCell>
            <TableCell>{t('dialers.list.columns.status')}</TableCell>
            <TableCell sx={{ textAlign: 'end' }}>{t('dialers.list.columns.registries')}</TableCell>
            <TableCell sx={{ textAlign: 'end' }}>{t('dialers.list.columns.failed')}</TableCell>
            <TableCell sx={{ textAlign: 'end' }}>{t('dialers.list.columns.new')}</TableCell>
            <TableCell sx={{ textAlign: 'end' }}>{t('dialers.list.columns.executed')}</TableCell>
            <TableCell sx={{ textAlign: 'end' }}>{t('dialers.list.columns.success')}</TableCell>
            <TableCell sx={{ textAlign: 'end' }}>{t('dialers.list.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((dialer) => {
            const open = dialerViewPath(dialer.id);
            return (
              <TableRow
                key={dialer.id}
                hover
                data-testid={`dialer-row-${dialer.id}`}
                // The name is the row's link for keyboards; a click anywhere on the row opens it too.
                onClick={() => navigate(open)}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{dialer.id}</TableCell>
                <TableCell sx={{ minWidth: 180 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
                    <Link
                      component={RouterLink}
                      to={open}
                      underline="hover"
                      color="inherit"
                      onClick={(event) => event.stopPropagation()}
                      data-testid={`dialer-open-${dialer.id}`}
                    >
                      {dialer.label}
                    </Link>
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t(`dialers.types.${dialer.type}`)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} title={formatDateTime(dialer.createdAt, locale)}>
                  {formatCompactDateTime(dialer.createdAt, locale)}
                </TableCell>
                <TableCell>
                  <bdi>{dialer.campaign.name}</bdi>
                </TableCell>
                <TableCell>
                  <DialerStatusChip status={dialer.status} testId={`dialer-row-status-${dialer.id}`} />
                </TableCell>
                <TableCell sx={NUMBER_CELL} data-testid={`dialer-row-registries-${dialer.id}`}>
                  {number(dialer.counts.registries)}
                </TableCell>
                <TableCell sx={NUMBER_CELL} data-testid={`dialer-row-failed-${dialer.id}`}>
                  {number(dialer.counts.failed)}
                </TableCell>
                <TableCell sx={NUMBER_CELL} data-testid={`dialer-row-new-${dialer.id}`}>
                  {number(dialer.counts.new)}
                </TableCell>
                <TableCell sx={NUMBER_CELL} data-testid={`dialer-row-executed-${dialer.id}`}>
                  {number(dialer.counts.executed)}
                </TableCell>
                <TableCell sx={NUMBER_CELL} data-testid={`dialer-row-success-${dialer.id}`}>
                  {number(dialer.counts.success)}
                </TableCell>
                <TableCell sx={{ textAlign: 'end' }} onClick={(event) => event.stopPropagation()}>
                  <RowActions
                    dialer={dialer}
                    telephonyConfigured={telephonyConfigured}
                    onAction={onAction}
                    disabled={busy}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The row's actions in a menu: those its status offers; the ones placing calls are off without telephony. */
function RowActions({
  dialer,
  telephonyConfigured,
  onAction,
  disabled,
}: {
  dialer: Dialer;
  telephonyConfigured: boolean;
  onAction: (dialer: Dialer, action: DialerAction) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = actionsOf(dialer);
  const label = t('dialers.actions.label', { label: dialer.label });
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            size="small"
            aria-label={label}
            aria-haspopup="menu"
            disabled={disabled || actions.length === 0}
            onClick={(event) => setAnchor(event.currentTarget)}
            data-testid={`dialer-row-actions-${dialer.id}`}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => {
          const off = needsTelephony(action, telephonyConfigured);
          return (
            <MenuItem
              key={action}
              disabled={off}
              onClick={() => {
                setAnchor(null);
                onAction(dialer, action);
              }}
              data-testid={`dialer-row-action-${dialer.id}-${action}`}
            >
              <ListItemIcon>{ACTION_ICONS[action]}</ListItemIcon>
              <ListItemText
                primary={t(`dialers.actions.${action}`)}
                secondary={off ? t('dialers.actions.startNeedsTelephony') : undefined}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
