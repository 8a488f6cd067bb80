import './i18n';
import { AGENT_STATUS_CODES } from '@atiende/contracts';
import DensityLargeIcon from '@mui/icons-material/DensityLarge';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import DensitySmallIcon from '@mui/icons-material/DensitySmall';
import HeadsetIcon from '@mui/icons-material/Headset';
import HistoryIcon from '@mui/icons-material/History';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePermissions } from '../../app/queries';
import { useSession } from '../../core/session';
import { type Density, readDensity, writeDensity } from '../../ui/density';
import { EmptyState } from '../../ui/EmptyState';
import { formatDuration } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { SearchField } from '../../ui/SearchField';
import { TablePager } from '../../ui/TablePager';
import { Tooltip } from '../../ui/Tooltip';
import { useLiveAgents, useNow, useSupervisedAgents } from './api';
import { CallMonitorBar, useCallMonitoring } from './CallMonitorBar';
import { StatusChip } from './components';
import { ForceStatusDialog, HistoryDialog } from './dialogs';
import {
  type AgentRow,
  type AgentSortKey,
  countByStatus,
  elapsedSeconds,
  filterAgents,
  isStatusCode,
  type StatusFilter,
  sortAgents,
} from './model';

const TABLE_ID = 'supervision-users';
const CELL_PADDING: Record<Density, number> = { small: 0.5, medium: 1.25, big: 2.25 };
const ROWS_PER_PAGE = [25, 50, 100] as const;

interface Column {
  id: string;
  label: string;
  sortKey?: AgentSortKey;
  numeric?: boolean;
  /** Long header that may take two lines (keeps the table within the page). */
  wrap?: boolean;
  render: (row: AgentRow) => ReactNode;
}

/** Time in the current status, ticking every second on one shared clock. */
function TimeInStatus({ since }: { since: string }) {
  const now = useNow();
  return (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatDuration(elapsedSeconds(since, now))}
    </Box>
  );
}

/** The call an agent talks on: its direction, the customer's number and how long it has lasted, ticking. */
function CallInProgress({ row }: { row: AgentRow }) {
  const { t } = useTranslation();
  const now = useNow();
  const call = row.call;
  if (!call) return null;
  const Icon = call.direction === 'outbound' ? PhoneForwardedIcon : PhoneCallbackIcon;
  return (
    <Box
      data-testid={`supervision-call-${row.id}`}
      data-direction={call.direction}
      // Wraps between its parts (a narrow status column must not push the table sideways); number and time stay whole.
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, mt: 0.5, color: 'success.main', maxWidth: 240 }}
    >
      <Icon sx={{ fontSize: 16, mt: '1px', flexShrink: 0 }} aria-hidden />
      <Typography variant="caption" sx={{ color: 'text.primary' }}>
        {t(call.direction === 'outbound' ? 'supervision.users.callOutbound' : 'supervision.users.callInbound')}{' '}
        <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
          {call.customerNumber}
        </bdi>
        {' · '}
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatDuration(elapsedSeconds(call.answeredAt, now))}
        </Box>
      </Typography>
    </Box>
  );
}

/**
 * /app/supervision/users: every agent of the supervisor's campaigns with their live status. Rows are patched from
 * `supervision-update`; ticket events refresh the counts (throttled). The list is bounded, so search, status filter,
 * sort and pages are client side.
 */
export function SupervisionUsersPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const agents = useSupervisedAgents();
  useLiveAgents();
  const [search, setSearch] = useState('');
  const text = useDeferredValue(search);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<{ key: AgentSortKey; order: 'asc' | 'desc' }>({ key: 'nombre', order: 'asc' });
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(ROWS_PER_PAGE[0]);
  const [density, setDensity] = useState<Density>(() => readDensity(TABLE_ID));
  const [forcing, setForcing] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const canForce = can('forzar-estado-agente');
  const canMonitor = can('intervenir-llamadas');
  const me = useSession().user?.id ?? null;
  const monitoring = useCallMonitoring();

  const all = agents.data ?? [];
  const counts = useMemo(() => countByStatus(all), [all]);
  const visible = useMemo(
    () => sortAgents(filterAgents(all, text, status), sort.key, sort.order),
    [all, text, status, sort],
  );
  const lastPage = Math.max(0, Math.ceil(visible.length / rowsPerPage) - 1);
  const currentPage = Math.min(page, lastPage);
  const rows = visible.slice(currentPage * rowsPerPage, (currentPage + 1) * rowsPerPage);
  // Dialogs follow the live row (its status changes while the dialog is open).
  const forcingAgent = all.find((row) => row.id === forcing) ?? null;
  const historyAgent = all.find((row) => row.id === historyOf) ?? null;

  const columns: Column[] = [
    {
      id: 'agent',
      label: t('supervision.users.columns.agent'),
      sortKey: 'nombre',
      render: (row) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <Avatar src={row.avatarUrl ?? undefined} alt={row.nombre} sx={{ width: 32, height: 32 }}>
            {row.nombre.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 120 }} data-testid="supervision-agent-name">
            {row.nombre}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'status',
      label: t('supervision.users.columns.status'),
      sortKey: 'estado',
      render: (row) => (
        <>
          <StatusChip code={row.estado} pause={row.pausa} testId={`supervision-status-${row.id}`} />
          <CallInProgress row={row} />
        </>
      ),
    },
    {
      id: 'time',
      label: t('supervision.users.columns.time'),
      sortKey: 'since',
      wrap: true,
      render: (row) => <TimeInStatus since={row.since} />,
    },
    {
      id: 'ticket',
      label: t('supervision.users.columns.ticket'),
      render: (row) =>
        row.currentTicket ? (
          <Link
            component={RouterLink}
            to={`/app/tickets/${row.currentTicket.id}/view`}
            data-testid={`supervision-ticket-${row.id}`}
            sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
          >
            {row.currentTicket.number !== null
              ? t('supervision.users.ticketNumber', { number: row.currentTicket.number })
              : t('supervision.users.openTicket')}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      id: 'campaign',
      label: t('supervision.users.columns.campaign'),
      sortKey: 'campaign',
      render: (row) => row.campaign?.name || '—',
    },
    {
      id: 'openTickets',
      label: t('supervision.users.columns.openTickets'),
      sortKey: 'openTickets',
      numeric: true,
      wrap: true,
      render: (row) => row.openTickets,
    },
    {
      id: 'assignedToday',
      label: t('supervision.users.columns.assignedToday'),
      sortKey: 'assignedToday',
      numeric: true,
      wrap: true,
      render: (row) => row.assignedToday,
    },
    {
      id: 'closedToday',
      label: t('supervision.users.columns.closedToday'),
      sortKey: 'closedToday',
      numeric: true,
      wrap: true,
      render: (row) => row.closedToday,
    },
  ];

  const toggleSort = (key: AgentSortKey) =>
    setSort((current) => ({ key, order: current.key === key && current.order === 'asc' ? 'desc' : 'asc' }));

  const densityOptions: { value: Density; icon: ReactNode }[] = [
    { value: 'small', icon: <DensitySmallIcon fontSize="small" /> },
    { value: 'medium', icon: <DensityMediumIcon fontSize="small" /> },
    { value: 'big', icon: <DensityLargeIcon fontSize="small" /> },
  ];
  const colSpan = columns.length + 1;

  const body = () => {
    if (agents.isLoading) {
      return (
        <TableRow>
          <TableCell colSpan={colSpan}>
            <PageLoader />
          </TableCell>
        </TableRow>
      );
    }
    if (rows.length === 0) {
      const none = all.length === 0;
      return (
        <TableRow>
          <TableCell colSpan={colSpan}>
            <EmptyState
              data-testid={none ? 'supervision-empty' : 'supervision-no-matches'}
              icon={none ? <PeopleOutlineIcon fontSize="inherit" /> : <SearchOffIcon fontSize="inherit" />}
              title={none ? t('supervision.users.empty') : t('supervision.users.noMatches')}
              description={none ? t('supervision.users.emptyDescription') : undefined}
            />
          </TableCell>
        </TableRow>
      );
    }
    return rows.map((row) => (
      <TableRow key={row.id} hover data-testid={`supervision-agent-${row.id}`} data-status={row.estado}>
        {columns.map((column) => (
          <TableCell key={column.id} align={column.numeric ? 'right' : undefined}>
            {column.render(row)}
          </TableCell>
        ))}
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {canMonitor && row.call && row.id !== me ? (
            <Tooltip title={t('supervision.monitor.action')}>
              <IconButton
                size="small"
                color="success"
                aria-label={t('supervision.monitor.action')}
                aria-pressed={monitoring.controller?.agentId === row.id}
                onClick={() => void monitoring.start(row)}
                data-testid={`supervision-monitor-${row.id}`}
              >
                <HeadsetIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          <Tooltip title={t('supervision.history.action')}>
            <IconButton
              size="small"
              aria-label={t('supervision.history.action')}
              onClick={() => setHistoryOf(row.id)}
              data-testid={`supervision-history-${row.id}`}
            >
              <HistoryIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {canForce ? (
            <Tooltip title={t('supervision.force.action')}>
              <IconButton
                size="small"
                color="primary"
                aria-label={t('supervision.force.action')}
                onClick={() => setForcing(row.id)}
                data-testid={`supervision-force-${row.id}`}
              >
                <SwapHorizIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </TableCell>
      </TableRow>
    ));
  };

  return (
    <PageContainer maxWidth={1400}>
      <PageHeader
        title={t('supervision.users.title')}
        subtitle={t('supervision.users.subtitle')}
        actions={
          <Tooltip title={t('supervision.refresh')}>
            <IconButton
              aria-label={t('supervision.refresh')}
              onClick={() => void agents.refetch()}
              data-testid="supervision-refresh"
            >
              <RefreshIcon />
            </IconButton>
          </Tooltip>
        }
      />
      <CallMonitorBar monitoring={monitoring} />
      <Paper variant="outlined" data-testid="supervision-users" data-density={density} sx={{ overflow: 'hidden' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 1.5 }}>
          <SearchField
            value={search}
            onValueChange={(value) => {
              setSearch(value);
              setPage(0);
            }}
            label={t('supervision.users.search')}
            testId="supervision-search"
          />
          <TextField
            select
            size="small"
            margin="none"
            fullWidth={false}
            label={t('supervision.users.status')}
            value={status}
            onChange={(event) => {
              const value = event.target.value;
              setStatus(isStatusCode(value) ? value : 'all');
              setPage(0);
            }}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'supervision-filter-status' } as object } }}
          >
            <MenuItem value="all" data-testid="supervision-filter-status-all">
              {t('supervision.users.statusCount', { status: t('supervision.users.allStatuses'), count: all.length })}
            </MenuItem>
            {AGENT_STATUS_CODES.map((code) => (
              <MenuItem key={code} value={code} data-testid={`supervision-filter-status-${code}`}>
                {t('supervision.users.statusCount', { status: t(`agentStatus.${code}`), count: counts[code] })}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flexGrow: 1 }} />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={density}
            onChange={(_, value: Density | null) => {
              if (!value) return;
              setDensity(value);
              writeDensity(TABLE_ID, value);
            }}
            aria-label={t('table.density')}
          >
            {densityOptions.map((option) => (
              <Tooltip key={option.value} title={t(`table.densities.${option.value}`)}>
                <ToggleButton value={option.value} aria-label={t(`table.densities.${option.value}`)}>
                  {option.icon}
                </ToggleButton>
              </Tooltip>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Box sx={{ height: 4 }}>{agents.isFetching && all.length > 0 ? <LinearProgress /> : null}</Box>
        <TableContainer>
          <Table
            size={density === 'small' ? 'small' : 'medium'}
            sx={{ '& td, & th': { py: CELL_PADDING[density], px: 1.5 } }}
            aria-busy={agents.isFetching}
          >
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    align={column.numeric ? 'right' : undefined}
                    sx={{ fontWeight: 700, whiteSpace: column.wrap ? 'normal' : 'nowrap', lineHeight: 1.3 }}
                    sortDirection={column.sortKey && sort.key === column.sortKey ? sort.order : false}
                  >
                    {column.sortKey ? (
                      <TableSortLabel
                        active={sort.key === column.sortKey}
                        direction={sort.key === column.sortKey ? sort.order : 'asc'}
                        onClick={() => toggleSort(column.sortKey as AgentSortKey)}
                        data-testid={`supervision-sort-${column.id}`}
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {t('table.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>{body()}</TableBody>
          </Table>
        </TableContainer>
        <TablePager
          count={visible.length}
          page={currentPage}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={ROWS_PER_PAGE}
          onPageChange={setPage}
          onRowsPerPageChange={(size) => {
            setRowsPerPage(size);
            setPage(0);
          }}
        />
      </Paper>
      <ForceStatusDialog agent={canForce ? forcingAgent : null} onClose={() => setForcing(null)} />
      <HistoryDialog agent={historyAgent} agents={all} onClose={() => setHistoryOf(null)} />
    </PageContainer>
  );
}
