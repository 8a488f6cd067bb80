import { type CustomerListItem, type Page, type TicketListItem, taskDue, type UserCampaign } from '@atiende/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
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
import { userKeys } from './api';

/** The user view's "assigned campaigns" tab: where the user works and as what. */
export function UserCampaignsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: userKeys.work(userId, 'campaigns'),
    queryFn: () => unwrap(api.get<UserCampaign[]>(`users/${userId}/campaigns`)),
  });
  if (isLoading || !data) return <PageLoader />;
  if (data.length === 0) return <EmptyState title={t('users.work.noCampaigns')} data-testid="user-campaigns-empty" />;
  return (
    <Card variant="outlined">
      <Table size="small" data-testid="user-campaigns">
        <TableHead>
          <TableRow>
            <TableCell>{t('campaigns.fields.name')}</TableCell>
            <TableCell>{t('campaigns.fields.type')}</TableCell>
            <TableCell>{t('users.work.role')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((campaign) => (
            <TableRow key={campaign.id} data-testid={`user-campaign-${campaign.id}`}>
              <TableCell>
                <RouterLink to={`/app/campaigns/${campaign.id}/edit`}>{campaign.nombre}</RouterLink>
              </TableCell>
              <TableCell>{t(`campaignTypes.${campaign.tipo}`)}</TableCell>
              <TableCell>
                <Chip size="small" label={t(`users.work.roles.${campaign.rol}`)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

/** The user view's "assigned customers" tab: the customers this user owns. */
export function UserCustomersTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState(() => initialTableQuery('name', 'asc'));
  const params = { ...tableQueryParams(query), ownerUserId: userId };
  const table = useQuery({
    queryKey: userKeys.work(userId, 'customers', params),
    queryFn: () => unwrap(api.get<Page<CustomerListItem>>('customers', { query: params })),
    placeholderData: keepPreviousData,
  });
  const columns: DataTableColumn<CustomerListItem>[] = [
    {
      id: 'document',
      label: t('users.work.document'),
      sortKey: 'identificationNumber',
      render: (customer) => `${customer.identificationType.abbr ?? ''} ${customer.identificationNumber}`.trim(),
    },
    { id: 'name', label: t('users.work.name'), sortKey: 'name', render: (customer) => customer.fullName },
    { id: 'email', label: t('users.work.email'), render: (customer) => customer.primaryEmail ?? '—' },
    { id: 'phone', label: t('users.work.phone'), render: (customer) => customer.primaryPhone ?? '—' },
  ];
  return (
    <DataTable<CustomerListItem>
      tableId="user-customers"
      columns={columns}
      rows={table.data?.data ?? []}
      total={table.data?.total ?? 0}
      loading={table.isLoading}
      error={tableLoadError(table, 'user-customers-error')}
      query={query}
      onQueryChange={setQuery}
      rowKey={(customer) => customer.id}
      onRowClick={(customer) => navigate(`/app/customers/${customer.id}/view`)}
      emptyTitle={t('users.work.noCustomers')}
    />
  );
}

const STATUS_KEYS = ['new', 'open', 'escalated', 'transferred', 'closed'] as const;

interface UserTicketStats {
  byStatus: { status: number; count: number }[];
  tasksToday: number;
  tasksThisWeek: number;
}

/** The user view's statistics: assigned tickets by status and the tasks the user recorded. */
export function UserStatsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: userKeys.work(userId, 'ticket-stats'),
    queryFn: () => unwrap(api.get<UserTicketStats>(`users/${userId}/ticket-stats`)),
  });
  if (isLoading || !data) return <PageLoader />;
  const count = (status: number) => data.byStatus.find((row) => row.status === status)?.count ?? 0;
  const tiles = [
    ...STATUS_KEYS.map((key, status) => ({ key, label: t(`tickets.status.${key}`), value: count(status) })),
    { key: 'tasksToday', label: t('users.work.tasksToday'), value: data.tasksToday },
    { key: 'tasksThisWeek', label: t('users.work.tasksThisWeek'), value: data.tasksThisWeek },
  ];
  return (
    <Box
      data-testid="user-stats"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
    >
      {tiles.map((tile) => (
        <Card variant="outlined" key={tile.key} data-testid={`user-stat-${tile.key}`}>
          <CardContent>
            <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
              {tile.value}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {tile.label}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** The user view's agenda: open tickets with a next task, soonest first; late and upcoming ones flagged. */
export function UserAgendaTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: userKeys.work(userId, 'agenda'),
    queryFn: () => unwrap(api.get<TicketListItem[]>(`users/${userId}/agenda`)),
  });
  if (isLoading || !data) return <PageLoader />;
  if (data.length === 0) return <EmptyState title={t('users.work.noAgenda')} data-testid="user-agenda-empty" />;
  return (
    <Card variant="outlined">
      <Table size="small" data-testid="user-agenda">
        <TableHead>
          <TableRow>
            <TableCell>{t('users.work.nextTask')}</TableCell>
            <TableCell>{t('users.work.ticket')}</TableCell>
            <TableCell>{t('users.work.customer')}</TableCell>
            <TableCell>{t('users.work.campaign')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((ticket) => {
            const due = taskDue(ticket.nextTaskAt);
            return (
              <TableRow key={ticket.id} data-testid={`user-agenda-${ticket.id}`}>
                <TableCell>
                  {ticket.nextTaskAt ? new Date(ticket.nextTaskAt).toLocaleString() : '—'}{' '}
                  {due ? (
                    <Chip
                      size="small"
                      color={due === 'late' ? 'error' : 'warning'}
                      label={t(`users.work.due.${due}`)}
                      sx={{ marginInlineStart: 1 }}
                    />
                  ) : null}
                </TableCell>
                <TableCell>
                  <RouterLink to={`/app/tickets/${ticket.id}/view`}>#{ticket.number}</RouterLink> {ticket.description}
                </TableCell>
                <TableCell>{ticket.customer.fullName}</TableCell>
                <TableCell>{ticket.campaign.name}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Card>
  );
}
