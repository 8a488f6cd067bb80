import type { CustomerListItem, Page, TicketListItem } from '@atiende/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { api, unwrap } from '../../api/client';
import { DataTable, type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { tableLoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/PageLoader';
import './i18n';
import { customerKeys } from './api';

const STATUS_COLORS = ['info', 'primary', 'warning', 'secondary', 'default'] as const;

function useCustomerTickets(customerId: number, query: ReturnType<typeof initialTableQuery>) {
  const params = { ...tableQueryParams(query), clients: customerId };
  return useQuery({
    queryKey: [...customerKeys.all, 'tickets', customerId, params],
    queryFn: () => unwrap(api.get<Page<TicketListItem>>('tickets', { query: params })),
    placeholderData: keepPreviousData,
  });
}

/** The customer view's "tickets and interactions" tab: the customer's tickets the user may see. */
export function CustomerTicketsTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState(() => initialTableQuery('created_at', 'desc'));
  const table = useCustomerTickets(customerId, query);
  const columns: DataTableColumn<TicketListItem>[] = [
    { id: 'number', label: t('customers.work.number'), sortKey: 'number', render: (ticket) => `#${ticket.number}` },
    {
      id: 'status',
      label: t('customers.work.status'),
      sortKey: 'status',
      render: (ticket) => (
        <Chip
          size="small"
          color={STATUS_COLORS[ticket.status] ?? 'default'}
          label={t(`customers.ticketStatus.${ticket.status}`)}
        />
      ),
    },
    { id: 'description', label: t('customers.work.description'), render: (ticket) => ticket.description },
    { id: 'campaign', label: t('customers.work.campaign'), render: (ticket) => ticket.campaign.name },
    { id: 'assigned', label: t('customers.work.assigned'), render: (ticket) => ticket.assigned?.nombre ?? '—' },
    {
      id: 'created',
      label: t('customers.work.created'),
      sortKey: 'created_at',
      render: (ticket) => new Date(ticket.createdAt).toLocaleString(),
    },
  ];
  return (
    <DataTable<TicketListItem>
      tableId="customer-tickets"
      columns={columns}
      rows={table.data?.data ?? []}
      total={table.data?.total ?? 0}
      loading={table.isLoading}
      error={tableLoadError(table, 'customer-tickets-error')}
      query={query}
      onQueryChange={setQuery}
      rowKey={(ticket) => ticket.id}
      rowTestId={(ticket) => `customer-ticket-${ticket.number}`}
      onRowClick={(ticket) => navigate(`/app/tickets/${ticket.id}/view`)}
      searchable={false}
      emptyTitle={t('customers.work.noTickets')}
    />
  );
}

interface DashboardCounts {
  byStatus: { status: number; count: number }[];
  byChannel: { channelType: string | null; count: number }[];
}

/** The customer view's dashboard: the customer's tickets by status and by channel. */
export function CustomerDashboardTab({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: [...customerKeys.all, 'dashboard', customerId],
    queryFn: () => unwrap(api.get<DashboardCounts>(`customers/${customerId}/dashboard`)),
  });
  if (isLoading || !data) return <PageLoader />;
  const total = data.byStatus.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return <EmptyState title={t('customers.work.noTickets')} data-testid="customer-dashboard-empty" />;
  const block = (title: string, rows: { label: string; count: number; testId: string }[]) => (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 260 }}>
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{title}</TableCell>
              <TableCell align="right">{t('customers.work.count')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.label} data-testid={row.testId}>
                <TableCell>{row.label}</TableCell>
                <TableCell align="right">{row.count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} data-testid="customer-dashboard">
      {block(
        t('customers.work.byStatus'),
        data.byStatus.map((row) => ({
          label: t(`customers.ticketStatus.${row.status}`),
          count: row.count,
          testId: `customer-dashboard-status-${row.status}`,
        })),
      )}
      {block(
        t('customers.work.byChannel'),
        data.byChannel.map((row) => ({
          label: row.channelType ? t(`customers.channelType.${row.channelType}`) : t('customers.work.noChannel'),
          count: row.count,
          testId: `customer-dashboard-channel-${row.channelType ?? 'none'}`,
        })),
      )}
    </Stack>
  );
}

/** The campaign form's "accounts" tab: the customers the campaign works with (imported into it). */
export function CampaignAccounts({ campaignId }: { campaignId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState(() => initialTableQuery('name', 'asc'));
  const params = { ...tableQueryParams(query), campaignId: campaignId ?? 0 };
  const table = useQuery({
    queryKey: [...customerKeys.all, 'campaign', params],
    queryFn: () => unwrap(api.get<Page<CustomerListItem>>('customers', { query: params })),
    enabled: campaignId !== null,
    placeholderData: keepPreviousData,
  });
  if (campaignId === null) {
    return <EmptyState title={t('customers.work.accountsAfterSave')} data-testid="campaign-accounts-unsaved" />;
  }
  const columns: DataTableColumn<CustomerListItem>[] = [
    {
      id: 'document',
      label: t('customers.work.document'),
      sortKey: 'identificationNumber',
      render: (customer) => `${customer.identificationType.abbr ?? ''} ${customer.identificationNumber}`.trim(),
    },
    { id: 'name', label: t('customers.work.name'), sortKey: 'name', render: (customer) => customer.fullName },
    { id: 'email', label: t('customers.work.email'), render: (customer) => customer.primaryEmail ?? '—' },
    { id: 'phone', label: t('customers.work.phone'), render: (customer) => customer.primaryPhone ?? '—' },
  ];
  return (
    <Stack spacing={1} data-testid="campaign-accounts">
      <Typography variant="body2" color="text.secondary">
        {t('customers.work.accountsHelp')}{' '}
        <RouterLink to="/app/customers/import">{t('customers.work.importLink')}</RouterLink>
      </Typography>
      <DataTable<CustomerListItem>
        tableId="campaign-accounts"
        columns={columns}
        rows={table.data?.data ?? []}
        total={table.data?.total ?? 0}
        loading={table.isLoading}
        error={tableLoadError(table, 'campaign-accounts-error')}
        query={query}
        onQueryChange={setQuery}
        rowKey={(customer) => customer.id}
        onRowClick={(customer) => navigate(`/app/customers/${customer.id}/view`)}
        emptyTitle={t('customers.work.noAccounts')}
      />
    </Stack>
  );
}
