import './i18n';
import type { CustomerListItem } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import TableRowsIcon from '@mui/icons-material/TableRows';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DownloadBlockedError, downloadApiFile } from '../../api/download';
import { usePermissions } from '../../app/queries';
import appI18n from '../../core/i18n';
import { DataTable, type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { FilterSelect } from '../../ui/FilterSelect';
import { formatDate } from '../../ui/format';
import { tableLoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { SelectionBar } from '../../ui/SelectionBar';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useAssignCustomers, useCampaignOptions, useCustomerCatalogue, useCustomerList, useOwnerOptions } from './api';
import { CustomersKanban } from './CustomersKanban';
import { LabelChips, UserSelect } from './components';
import { type CustomersView, readCustomersView, TOTAL_CAP, writeCustomersView } from './model';
import { withKeyOverrides } from './tableI18n';

/** The DataTable's generic empty state reads "No customers for the query" here (spec section 8). */
const tableI18n = withKeyOverrides(appI18n, { 'table.empty': 'customers.list.empty' });

type IdFilter = number | '';

function AssignDialog({
  open,
  count,
  busy,
  onClose,
  onAssign,
}: {
  open: boolean;
  count: number;
  busy: boolean;
  onClose: () => void;
  onAssign: (userId: number) => void;
}) {
  const { t } = useTranslation();
  const users = useOwnerOptions();
  const [userId, setUserId] = useState<number | ''>('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      data-testid="customers-assign-dialog"
    >
      <DialogTitle>{t('customers.assign.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('customers.assign.description', { count })}
        </Typography>
        <UserSelect
          label={t('customers.fields.owner')}
          value={userId}
          users={users.data ?? []}
          onChange={(value) => {
            setUserId(value);
            setError(undefined);
          }}
          error={error}
          required
          testId="customers-assign-user"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="customers-assign-confirm"
          onClick={() => {
            if (userId === '') {
              setError(t('validation.required'));
              return;
            }
            onAssign(userId);
          }}
        >
          {t('customers.assign.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /app/customers: the list (server-side table with filters, selection, export) or the kanban board. */
export function CustomersPage() {
  const { t, i18n: instance } = useTranslation();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const [view, setView] = useState<CustomersView>(readCustomersView);
  const [query, setQuery] = useState(() => initialTableQuery('createdAt', 'desc'));
  const [labelId, setLabelId] = useState<IdFilter>('');
  const [ownerUserId, setOwnerUserId] = useState<IdFilter>('');
  const [campaignId, setCampaignId] = useState<IdFilter>('');
  const [boardSearch, setBoardSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [assignOpen, setAssignOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const labels = useCustomerCatalogue('customer-label');
  const users = useOwnerOptions();
  const campaigns = useCampaignOptions();
  const filters = useMemo(
    () => ({
      labelId: labelId === '' ? undefined : labelId,
      ownerUserId: ownerUserId === '' ? undefined : ownerUserId,
      campaignId: campaignId === '' ? undefined : campaignId,
    }),
    [labelId, ownerUserId, campaignId],
  );
  const params = useMemo(() => ({ ...tableQueryParams(query), ...filters }), [query, filters]);
  const list = useCustomerList(params, view === 'list');
  const assign = useAssignCustomers();
  const canEdit = can('editar-cliente');
  const rows = list.data?.data ?? [];
  const capped = Boolean(list.data?.totalCapped);
  const total = list.data?.total ?? 0;

  const changeView = (_: unknown, value: CustomersView | null) => {
    if (!value) return;
    setView(value);
    writeCustomersView(value);
  };

  const filterChanged =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setQuery((current) => ({ ...current, page: 1 }));
    };

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const pageIds = rows.map((row) => row.id);
  const pageSelected = pageIds.filter((id) => selected.has(id)).length;
  const togglePage = () =>
    setSelected((current) => {
      const next = new Set(current);
      if (pageSelected === pageIds.length) for (const id of pageIds) next.delete(id);
      else for (const id of pageIds) next.add(id);
      return next;
    });

  const exportFile = async () => {
    setExporting(true);
    try {
      const searchText = view === 'kanban' ? boardSearch.trim() : query.searchText.trim();
      await downloadApiFile(
        'customers/export',
        {
          ...filters,
          searchText: searchText || undefined,
          sortName: query.sortName,
          sortOrder: query.sortOrder,
        },
        `customers-${new Date().toISOString().slice(0, 10)}.xlsx`,
      );
      feedback.success(t('customers.export.done'));
    } catch (error) {
      if (error instanceof DownloadBlockedError) feedback.notify(t('customers.export.blocked'), 'warning');
      else feedback.notify(`${t('customers.export.failed')} ${error instanceof Error ? error.message : ''}`, 'error');
    } finally {
      setExporting(false);
    }
  };

  const columns: DataTableColumn<CustomerListItem>[] = [
    ...(canEdit
      ? [
          {
            id: 'select',
            label: '',
            width: 48,
            render: (row: CustomerListItem) => (
              <Box onClick={(event) => event.stopPropagation()} sx={{ display: 'flex' }}>
                <Checkbox
                  size="small"
                  checked={selected.has(row.id)}
                  onChange={() => toggle(row.id)}
                  sx={{ p: 0.5 }}
                  slotProps={{
                    input: {
                      'aria-label': t('customers.list.selectRow', { name: row.fullName }),
                      'data-testid': `customer-select-${row.identificationNumber}`,
                    } as object,
                  }}
                />
              </Box>
            ),
          },
        ]
      : []),
    {
      id: 'document',
      label: t('customers.fields.document'),
      sortKey: 'identificationNumber',
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {row.identificationType.abbr ?? row.identificationType.name}
          </Box>{' '}
          {row.identificationNumber}
        </Box>
      ),
    },
    {
      id: 'name',
      label: t('customers.fields.fullName'),
      sortKey: 'name',
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.fullName}
        </Typography>
      ),
    },
    { id: 'email', label: t('customers.fields.email'), render: (row) => row.primaryEmail ?? '—' },
    {
      id: 'phone',
      label: t('customers.fields.phone'),
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }} dir="ltr">
          {row.primaryPhone ?? '—'}
        </Box>
      ),
    },
    { id: 'labels', label: t('customers.fields.labels'), render: (row) => <LabelChips labels={row.labels} /> },
    { id: 'owner', label: t('customers.fields.owner'), render: (row) => row.owner?.nombre ?? '—' },
    {
      id: 'createdAt',
      label: t('common.createdAt'),
      sortKey: 'createdAt',
      render: (row) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDate(row.createdAt, instance.language)}
        </Box>
      ),
    },
  ];

  const totalText = capped
    ? t('customers.list.totalCapped')
    : t('customers.list.total', { count: total, formatted: total.toLocaleString(instance.language) });

  return (
    <PageContainer maxWidth={1400}>
      <PageHeader
        title={t('menu.items.customers')}
        actions={
          <>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={changeView}
              aria-label={t('customers.view.label')}
            >
              <Tooltip title={t('customers.view.list')}>
                <ToggleButton value="list" aria-label={t('customers.view.list')} data-testid="customers-view-list">
                  <TableRowsIcon fontSize="small" />
                </ToggleButton>
              </Tooltip>
              <Tooltip title={t('customers.view.kanban')}>
                <ToggleButton
                  value="kanban"
                  aria-label={t('customers.view.kanban')}
                  data-testid="customers-view-kanban"
                >
                  <ViewKanbanIcon fontSize="small" />
                </ToggleButton>
              </Tooltip>
            </ToggleButtonGroup>
            {can('exportar-clientes') ? (
              <Button
                variant="outlined"
                startIcon={exporting ? <CircularProgress size={16} color="inherit" /> : <FileDownloadIcon />}
                onClick={() => void exportFile()}
                disabled={exporting}
                data-testid="customers-export"
              >
                {t('customers.export.button')}
              </Button>
            ) : null}
            {can('importar-clientes') ? (
              <Button
                component={RouterLink}
                to="/app/customers/import"
                variant="outlined"
                startIcon={<FileUploadIcon />}
                data-testid="customers-import"
              >
                {t('customers.import.button')}
              </Button>
            ) : null}
            {can('agregar-cliente') ? (
              <Button
                component={RouterLink}
                to="/app/customers/add"
                variant="contained"
                startIcon={<AddIcon />}
                data-testid="customer-add"
              >
                {t('customers.add')}
              </Button>
            ) : null}
          </>
        }
      />
      {view === 'kanban' ? (
        <CustomersKanban search={boardSearch} onSearchChange={setBoardSearch} />
      ) : (
        <>
          {canEdit && selected.size > 0 ? (
            <SelectionBar
              testId="customers-selection"
              label={t('customers.list.selected', { count: selected.size })}
              clearLabel={t('customers.list.clearSelection')}
              onClear={() => setSelected(new Set())}
            >
              <Button
                size="small"
                variant="contained"
                startIcon={<PersonAddAltIcon />}
                onClick={() => setAssignOpen(true)}
                data-testid="customers-assign"
              >
                {t('customers.assign.button')}
              </Button>
            </SelectionBar>
          ) : null}
          <I18nextProvider i18n={tableI18n}>
            <DataTable
              tableId="customers"
              columns={columns}
              rows={rows}
              total={capped ? Math.max(total, TOTAL_CAP) : total}
              loading={list.isFetching}
              error={tableLoadError(list, 'customers-error')}
              query={query}
              onQueryChange={setQuery}
              rowKey={(row) => row.id}
              rowTestId={(row) => `customer-row-${row.identificationNumber}`}
              onRowClick={can('ver-cliente') ? (row) => navigate(`/app/customers/${row.id}/view`) : undefined}
              searchLabel={t('customers.list.search')}
              filters={
                <>
                  <FilterSelect
                    label={t('customers.fields.label')}
                    value={labelId}
                    onChange={filterChanged(setLabelId)}
                    testId="customers-filter-label"
                    options={(labels.data ?? []).map((label) => ({ value: label.id, label: label.name }))}
                    minWidth={140}
                  />
                  <FilterSelect
                    label={t('customers.fields.owner')}
                    value={ownerUserId}
                    onChange={filterChanged(setOwnerUserId)}
                    testId="customers-filter-owner"
                    options={(users.data ?? []).map((user) => ({ value: user.id, label: user.nombre }))}
                    minWidth={140}
                  />
                  {campaigns.data ? (
                    <FilterSelect
                      label={t('customers.fields.campaign')}
                      value={campaignId}
                      onChange={filterChanged(setCampaignId)}
                      testId="customers-filter-campaign"
                      options={campaigns.data.map((campaign) => ({ value: campaign.id, label: campaign.name }))}
                      minWidth={140}
                    />
                  ) : null}
                  {canEdit && pageIds.length > 0 ? (
                    <FormControlLabel
                      sx={{ marginInlineStart: 0.5, marginInlineEnd: 0 }}
                      label={<Typography variant="body2">{t('customers.list.selectPage')}</Typography>}
                      control={
                        <Checkbox
                          size="small"
                          checked={pageSelected > 0 && pageSelected === pageIds.length}
                          indeterminate={pageSelected > 0 && pageSelected < pageIds.length}
                          onChange={togglePage}
                          slotProps={{ input: { 'data-testid': 'customers-select-page' } as object }}
                        />
                      }
                    />
                  ) : null}
                  {list.data ? (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={totalText}
                      data-testid="customers-total"
                      data-capped={capped ? 'true' : 'false'}
                    />
                  ) : null}
                </>
              }
            />
          </I18nextProvider>
        </>
      )}
      <AssignDialog
        key={assignOpen ? 'open' : 'closed'}
        open={assignOpen}
        count={selected.size}
        busy={assign.isPending}
        onClose={() => setAssignOpen(false)}
        onAssign={(ownerId) =>
          assign.mutate(
            { customerIds: [...selected], ownerUserId: ownerId },
            {
              onSuccess: (result) => {
                feedback.success(t('customers.assign.done', { count: result.updated }));
                setAssignOpen(false);
                setSelected(new Set());
              },
              onError: (error) => feedback.failure(error),
            },
          )
        }
      />
    </PageContainer>
  );
}
