import {
  ALL_STATUSES,
  CHANNEL_TYPE_KEYS,
  type ChannelTypeKey,
  TICKET_PAGE_SIZES,
  TICKET_PRIORITY,
  TICKET_STATUS,
  type TicketListItem,
} from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import AddTaskIcon from '@mui/icons-material/AddTask';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DownloadBlockedError, downloadApiFile } from '../../api/download';
import { useSelectedCampaign, useUserCampaigns } from '../../app/campaign';
import { usePermissions } from '../../app/queries';
import { useSession } from '../../core/session';
import { DataTable, type DataTableColumn, type TableQuery } from '../../ui/DataTable';
import { DateTimeField } from '../../ui/dates';
import { formatCompactDateTime, formatDateTime } from '../../ui/format';
import { IdsFilter } from '../../ui/IdsFilter';
import { tableLoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { SelectionBar } from '../../ui/SelectionBar';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useFormErrors } from '../../ui/useFormErrors';
import { useCatalogueOptions } from '../catalogues/api';
import { loadedFormValuesValidator, useSendWithFormValuesValidator } from '../forms/formValuesValidator';
import { useCampaignForm, useColleagueOptions, useMassTask, useTicketCampaign, useTicketList } from './api';
import {
  DueChip,
  draftToTask,
  emptyTaskDraft,
  PriorityChip,
  StatusChip,
  type TaskDraft,
  TaskFields,
  taskDraftValues,
  validateTaskDraft,
} from './components';
import {
  type AgentsFilter,
  agentsFilterOptions,
  DEFAULT_FILTERS,
  filtersToParams,
  filtersToSearch,
  PRIORITY_KEYS,
  readPrefs,
  STATUS_KEYS,
  searchToFilters,
  sharedCampaign,
  type TicketListFilters,
  taskFieldErrors,
  writePrefs,
} from './model';
import { SavedViewsMenu } from './SavedViewsMenu';
import { useTicketListLive } from './useTicketLive';

function MassTaskDialog({
  open,
  tickets,
  onClose,
  onDone,
}: {
  open: boolean;
  tickets: TicketListItem[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const campaignId = sharedCampaign(tickets);
  const { form, isLoading } = useCampaignForm(open ? campaignId : null);
  const [draft, setDraft] = useState<TaskDraft>(() => emptyTaskDraft([]));
  const [confirmed, setConfirmed] = useState(false);
  const task = useFormErrors({
    values: taskDraftValues(draft),
    rules: () => validateTaskDraft(form, draft, t, loadedFormValuesValidator()),
  });
  const mass = useMassTask();

  useEffect(() => {
    if (form) setDraft(emptyTaskDraft(form.form.fields));
  }, [form]);

  const save = useSendWithFormValuesValidator(() => {
    if (!task.check() || !confirmed) return;
    mass.mutate(
      { ticketIds: tickets.map((ticket) => ticket.id), ...draftToTask(draft) },
      {
        onSuccess: (result) => {
          feedback.success(t('tickets.massTask.done', { count: result.created }));
          onDone();
        },
        onError: (error) => feedback.failure(error, (fields) => task.show(taskFieldErrors(fields))),
      },
    );
  });

  return (
    <Dialog
      open={open}
      onClose={mass.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      data-testid="mass-task-dialog"
    >
      <DialogTitle>{t('tickets.massTask.title')}</DialogTitle>
      <DialogContent>
        {campaignId === null ? (
          <Alert severity="warning" data-testid="mass-task-campaigns">
            {t('tickets.massTask.oneCampaign')}
          </Alert>
        ) : isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={28} />
          </Box>
        ) : (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {t('tickets.massTask.description', {
                count: tickets.length,
                campaign: tickets[0]?.campaign.name ?? '',
              })}
            </Typography>
            <Box ref={task.formRef}>
              <TaskFields
                detail={form}
                draft={draft}
                onChange={setDraft}
                errors={task.errors}
                disabled={mass.isPending}
              />
            </Box>
            <Alert severity="warning" variant="outlined" sx={{ mt: 1.5 }}>
              <FormControlLabel
                label={t('tickets.massTask.confirm', { count: tickets.length })}
                control={
                  <Checkbox
                    checked={confirmed}
                    onChange={(event) => setConfirmed(event.target.checked)}
                    slotProps={{ input: { 'data-testid': 'mass-task-confirm' } as object }}
                  />
                }
              />
            </Alert>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mass.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={campaignId === null || !confirmed || mass.isPending}
          startIcon={mass.isPending ? <CircularProgress size={16} color="inherit" /> : <AddTaskIcon />}
          data-testid="mass-task-save"
        >
          {t('tickets.massTask.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /app/tickets: server-side list with the spec's filters, export and mass add-task. */
export function TicketsListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const { can, isAgent } = usePermissions();
  const { campaignId: headerCampaignId } = useSelectedCampaign();
  const userCampaigns = useUserCampaigns();
  const headerCampaign = useTicketCampaign(isAgent ? headerCampaignId : null);
  const [searchParams, setSearchParams] = useSearchParams();

  const [state, setState] = useState<{ query: TableQuery; filters: TicketListFilters }>(() => {
    const prefs = readPrefs();
    const fromUrl = searchToFilters(searchParams, prefs);
    if (fromUrl) return fromUrl;
    return {
      query: {
        page: 1,
        sizePerPage: prefs.sizePerPage,
        sortName: prefs.sortName,
        sortOrder: prefs.sortOrder,
        searchText: '',
      },
      filters: {
        ...DEFAULT_FILTERS,
        campaigns: headerCampaignId ? [headerCampaignId] : [],
        agentsFilter: isAgent ? 'mine' : 'all',
      },
    };
  });
  const { query, filters } = state;
  const [selected, setSelected] = useState<ReadonlyMap<number, TicketListItem>>(() => new Map());
  const [massOpen, setMassOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const agentOptions = agentsFilterOptions(isAgent, headerCampaign.data?.config.allowAllTickets);
  const colleagues = useColleagueOptions(!isAgent);
  const { user } = useSession();
  const ticketTypes = useCatalogueOptions('tipo-caso');
  // An agent whose campaign does not allow all tickets cannot keep "All".
  useEffect(() => {
    if (!agentOptions.includes(filters.agentsFilter)) {
      setState((current) => ({ ...current, filters: { ...current.filters, agentsFilter: 'mine' } }));
    }
  }, [agentOptions, filters.agentsFilter]);

  const params = useMemo(() => filtersToParams(query, filters), [query, filters]);
  // The filters are kept in the list's URL. Only while the URL is the list's: a row's click navigates to the ticket
  // while this page still shows (its code loading), and writing the list's query then would take the user back.
  const location = useLocation();
  const [listPath] = useState(location.pathname);
  useEffect(() => {
    if (location.pathname !== listPath) return;
    const search = filtersToSearch(query, filters);
    if (search !== searchParams.toString()) setSearchParams(search, { replace: true });
  }, [query, filters, searchParams, setSearchParams, location.pathname, listPath]);

  const list = useTicketList(params);
  const rows = list.data?.data ?? [];
  const shown = useMemo(() => new Set(rows.map((row) => row.id)), [rows]);
  useTicketListLive({ agentsFilter: filters.agentsFilter, users: filters.users, shown, me: user?.id ?? null });
  const total = list.data?.total ?? 0;
  const canMass = can('agregar-tarea-masiva');

  const setQuery = (next: TableQuery) => {
    if (
      next.sortName !== query.sortName ||
      next.sortOrder !== query.sortOrder ||
      next.sizePerPage !== query.sizePerPage
    )
      writePrefs(next);
    setState((current) => ({ ...current, query: next }));
  };
  const setFilter = <K extends keyof TicketListFilters>(key: K, value: TicketListFilters[K]) =>
    setState((current) => ({
      query: { ...current.query, page: 1 },
      filters: { ...current.filters, [key]: value },
    }));

  const toggle = (row: TicketListItem) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  const pageSelected = rows.filter((row) => selected.has(row.id)).length;
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      if (pageSelected === rows.length) for (const row of rows) next.delete(row.id);
      else for (const row of rows) next.set(row.id, row);
      return next;
    });

  const exportFile = async () => {
    setExporting(true);
    try {
      const { page: _page, sizePerPage: _size, ...filterParams } = params;
      await downloadApiFile('tickets/export', filterParams, `tickets-${new Date().toISOString().slice(0, 10)}.xlsx`);
      feedback.success(t('tickets.export.done'));
    } catch (error) {
      if (error instanceof DownloadBlockedError) feedback.notify(t('tickets.export.blocked'), 'warning');
      else feedback.failure(error);
    } finally {
      setExporting(false);
    }
  };

  const columns: DataTableColumn<TicketListItem>[] = [
    ...(canMass
      ? [
          {
            id: 'select',
            label: t('tickets.list.select'),
            width: 48,
            render: (row: TicketListItem) => (
              <Box onClick={(event) => event.stopPropagation()} sx={{ display: 'flex' }}>
                <Checkbox
                  size="small"
                  checked={selected.has(row.id)}
                  onChange={() => toggle(row)}
                  sx={{ p: 0.5 }}
                  slotProps={{
                    input: {
                      'aria-label': t('tickets.list.selectRow', { number: row.number }),
                      'data-testid': `ticket-select-${row.id}`,
                    } as object,
                  }}
                />
              </Box>
            ),
          },
        ]
      : []),
    {
      id: 'number',
      label: t('tickets.fields.number'),
      sortKey: 'number',
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: row.unread ? 800 : 600, whiteSpace: 'nowrap' }}>
          #{row.number}
        </Typography>
      ),
    },
    {
      id: 'status',
      label: t('tickets.fields.status'),
      sortKey: 'status',
      render: (row) => <StatusChip status={row.status} />,
    },
    {
      id: 'priority',
      label: t('tickets.fields.priority'),
      sortKey: 'priority',
      render: (row) => <PriorityChip priority={row.priority} />,
    },
    {
      // Campaign and ticket type share a column so the list fits 1,440 px without scrolling sideways.
      id: 'campaign',
      label: t('tickets.fields.campaignAndType'),
      render: (row) => (
        <Box sx={{ minWidth: 110, overflowWrap: 'anywhere' }}>
          <Typography variant="body2">{row.campaign.name}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid={`ticket-type-${row.id}`}>
            {row.type?.name ?? '—'}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'customer',
      label: t('tickets.fields.customer'),
      render: (row) => (
        <Box sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.customer.fullName}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {row.customer.identificationNumber}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'assigned',
      label: t('tickets.fields.assigned'),
      render: (row) => row.assigned?.nombre ?? t('tickets.unassigned'),
    },
    {
      id: 'nextTask',
      label: t('tickets.fields.nextTask'),
      render: (row) =>
        row.nextTaskAt ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
            <Box
              component="time"
              dateTime={row.nextTaskAt}
              title={formatDateTime(row.nextTaskAt, i18n.language)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {formatCompactDateTime(row.nextTaskAt, i18n.language)}
            </Box>
            <DueChip nextTaskAt={row.nextTaskAt} />
          </Box>
        ) : (
          '—'
        ),
    },
    {
      id: 'created',
      label: t('tickets.fields.createdAt'),
      sortKey: 'created_at',
      render: (row) => (
        <Box
          component="time"
          dateTime={row.createdAt}
          title={formatDateTime(row.createdAt, i18n.language)}
          sx={{ whiteSpace: 'nowrap' }}
          data-testid={`ticket-created-${row.id}`}
        >
          {formatCompactDateTime(row.createdAt, i18n.language)}
        </Box>
      ),
    },
  ];

  const campaignOptions = (userCampaigns.data ?? []).map((campaign) => ({ id: campaign.id, label: campaign.nombre }));
  const selectedRows = [...selected.values()];

  return (
    <PageContainer maxWidth={1600}>
      <PageHeader
        title={t('menu.items.tickets')}
        actions={
          <>
            {canMass ? (
              <Button
                variant="outlined"
                startIcon={<AddTaskIcon />}
                disabled={selected.size === 0}
                onClick={() => setMassOpen(true)}
                data-testid="tickets-mass-task"
              >
                {t('tickets.massTask.button', { count: selected.size })}
              </Button>
            ) : null}
            {user ? (
              <SavedViewsMenu
                userId={user.id}
                currentSearch={filtersToSearch(query, filters)}
                onApply={(search) => {
                  const view = searchToFilters(search, readPrefs());
                  if (view) setState(view);
                }}
              />
            ) : null}
            {can('exportar-casos') ? (
              <Button
                variant="outlined"
                startIcon={exporting ? <CircularProgress size={16} color="inherit" /> : <FileDownloadIcon />}
                disabled={exporting}
                onClick={() => void exportFile()}
                data-testid="tickets-export"
              >
                {t('tickets.export.button')}
              </Button>
            ) : null}
            {can('agregar-caso') ? (
              <Button
                component={RouterLink}
                to="/app/tickets/add"
                variant="contained"
                startIcon={<AddIcon />}
                data-testid="ticket-add"
              >
                {t('tickets.add')}
              </Button>
            ) : null}
          </>
        }
      />
      {canMass && selected.size > 0 ? (
        <SelectionBar
          testId="tickets-selection"
          label={t('tickets.list.selected', { count: selected.size })}
          clearLabel={t('tickets.list.clearSelection')}
          onClear={() => setSelected(new Map())}
        />
      ) : null}
      <DataTable
        tableId="tickets"
        columns={columns}
        rows={rows}
        total={total}
        loading={list.isFetching}
        query={query}
        onQueryChange={setQuery}
        rowKey={(row) => row.id}
        rowTestId={(row) => `ticket-row-${row.number}`}
        rowsPerPageOptions={TICKET_PAGE_SIZES}
        onRowClick={can('ver-caso') ? (row) => navigate(`/app/tickets/${row.id}/view`) : undefined}
        searchLabel={t('tickets.list.search')}
        searchTestId="tickets-search"
        emptyTitle={t('tickets.list.empty')}
        error={tableLoadError(list, 'tickets-error')}
        headerCell={(column) =>
          column.id === 'select' && rows.length > 0 ? (
            <Checkbox
              size="small"
              sx={{ p: 0.5 }}
              checked={pageSelected > 0 && pageSelected === rows.length}
              indeterminate={pageSelected > 0 && pageSelected < rows.length}
              onChange={togglePage}
              slotProps={{
                input: { 'aria-label': t('tickets.list.selectPage'), 'data-testid': 'tickets-select-page' } as object,
              }}
            />
          ) : undefined
        }
        filters={
          <>
            <TextField
              select
              size="small"
              margin="none"
              fullWidth={false}
              label={t('tickets.fields.status')}
              value={filters.selectedStatus}
              onChange={(event) => setFilter('selectedStatus', Number(event.target.value))}
              sx={{ minWidth: 130 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'tickets-filter-status' } as object } }}
            >
              <MenuItem value={ALL_STATUSES} data-testid={`tickets-filter-status-option-${ALL_STATUSES}`}>
                {t('common.all')}
              </MenuItem>
              {STATUS_KEYS.map((key) => (
                <MenuItem
                  key={key}
                  value={TICKET_STATUS[key]}
                  data-testid={`tickets-filter-status-option-${TICKET_STATUS[key]}`}
                >
                  {t(`tickets.status.${key}`)}
                </MenuItem>
              ))}
            </TextField>
            <IdsFilter
              label={t('tickets.fields.priority')}
              value={filters.priorities}
              onChange={(value) => setFilter('priorities', value)}
              options={PRIORITY_KEYS.map((key) => ({ id: TICKET_PRIORITY[key], label: t(`tickets.priority.${key}`) }))}
              testId="tickets-filter-priorities"
            />
            <IdsFilter
              label={t('tickets.fields.campaign')}
              value={filters.campaigns}
              onChange={(value) => setFilter('campaigns', value)}
              options={campaignOptions}
              testId="tickets-filter-campaigns"
            />
            {isAgent ? null : (
              <IdsFilter
                label={t('tickets.filters.users')}
                value={filters.users}
                onChange={(value) => setFilter('users', value)}
                options={(colleagues.data ?? []).map((user) => ({ id: user.id, label: user.nombre }))}
                testId="tickets-filter-users"
              />
            )}
            <IdsFilter
              label={t('tickets.fields.type')}
              value={filters.ticketTypes}
              onChange={(value) => setFilter('ticketTypes', value)}
              options={(ticketTypes.data?.data ?? []).map((type) => ({ id: type.id, label: type.name }))}
              testId="tickets-filter-types"
            />
            <IdsFilter
              label={t('tickets.filters.channelTypes')}
              value={filters.channelTypes.map((key) => CHANNEL_TYPE_KEYS.indexOf(key))}
              onChange={(value) =>
                setFilter(
                  'channelTypes',
                  value.map((index) => CHANNEL_TYPE_KEYS[index]).filter((key): key is ChannelTypeKey => Boolean(key)),
                )
              }
              options={CHANNEL_TYPE_KEYS.map((key, index) => ({ id: index, label: t(`channelTypes.${key}`) }))}
              testId="tickets-filter-channel-types"
            />
            <TextField
              select
              size="small"
              margin="none"
              fullWidth={false}
              label={t('tickets.filters.agents')}
              value={filters.agentsFilter}
              onChange={(event) => setFilter('agentsFilter', event.target.value as AgentsFilter)}
              sx={{ minWidth: 140 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'tickets-filter-agents' } as object } }}
            >
              {agentOptions.map((option) => (
                <MenuItem key={option} value={option} data-testid={`tickets-filter-agents-option-${option}`}>
                  {t(`tickets.filters.agentsOptions.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <DateTimeField
              kind="date"
              size="small"
              margin="none"
              label={t('tickets.filters.from')}
              value={filters.from}
              onValueChange={(value) => setFilter('from', value)}
              sx={{ width: 170 }}
              testId="tickets-filter-from"
            />
            <DateTimeField
              kind="date"
              size="small"
              margin="none"
              label={t('tickets.filters.to')}
              value={filters.to}
              onValueChange={(value) => setFilter('to', value)}
              sx={{ width: 170 }}
              testId="tickets-filter-to"
            />
            <FormControlLabel
              sx={{ marginInlineStart: 0, marginInlineEnd: 0 }}
              label={<Typography variant="body2">{t('tickets.filters.unreadOnly')}</Typography>}
              control={
                <Checkbox
                  size="small"
                  checked={filters.unreadOnly}
                  onChange={(event) => setFilter('unreadOnly', event.target.checked)}
                  slotProps={{ input: { 'data-testid': 'tickets-filter-unread' } as object }}
                />
              }
            />
            {list.data ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="tickets-total">
                {list.data.totalCapped
                  ? t('tickets.list.totalCapped', { formatted: total.toLocaleString(i18n.language) })
                  : t('tickets.list.total', { count: total, formatted: total.toLocaleString(i18n.language) })}
              </Typography>
            ) : null}
          </>
        }
      />
      <MassTaskDialog
        key={massOpen ? 'open' : 'closed'}
        open={massOpen}
        tickets={selectedRows}
        onClose={() => setMassOpen(false)}
        onDone={() => {
          setMassOpen(false);
          setSelected(new Map());
        }}
      />
    </PageContainer>
  );
}
