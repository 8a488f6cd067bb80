import type { CustomerListItem, Page, UserCampaign } from '@atiende/contracts';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { api, unwrap } from '../../api/client';
import { DataTable, type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { PageLoader } from '../../ui/PageLoader';

/** The user view's "assigned campaigns" tab: where the user works and as what. */
export function UserCampaignsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: ['users', 'detail', userId, 'campaigns'],
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
              <TableCell>{t(`campaigns.types.${campaign.tipo}`)}</TableCell>
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
  const { data, isLoading } = useQuery({
    queryKey: ['users', 'detail', userId, 'customers', params],
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
      rows={data?.data ?? []}
      total={data?.total ?? 0}
      loading={isLoading}
      query={query}
      onQueryChange={setQuery}
      rowKey={(customer) => customer.id}
      onRowClick={(customer) => navigate(`/app/customers/${customer.id}/view`)}
      emptyTitle={t('users.work.noCustomers')}
    />
  );
}
