import type { UserListItem } from '@atiende/contracts';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../app/queries';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { type DataTableColumn, initialTableQuery, tableQueryParams } from '../../ui/DataTable';
import { EnabledChip } from '../../ui/EnabledChip';
import { FilterSelect } from '../../ui/FilterSelect';
import { formatDate } from '../../ui/format';
import { ListPage, RowAction } from '../../ui/ListPage';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useRoles } from '../permissions/api';
import { roleLabel } from '../permissions/roleLabel';
import { useSetUserStatus, useUserList } from './api';

type EnabledFilter = 'all' | 'true' | 'false';

/** /app/users: server-side list with search, status and role filters. */
export function UsersListPage() {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const [query, setQuery] = useState(() => initialTableQuery('name'));
  const [enabled, setEnabled] = useState<EnabledFilter>('all');
  const [roleId, setRoleId] = useState<number | ''>('');
  const [pending, setPending] = useState<UserListItem | null>(null);
  const roles = useRoles(can('ver-lista-roles|editar-permisos-roles'));
  const params = useMemo(
    () => ({ ...tableQueryParams(query), enabled, roleId: roleId === '' ? undefined : roleId }),
    [query, enabled, roleId],
  );
  const list = useUserList(params);
  const status = useSetUserStatus();

  const columns: DataTableColumn<UserListItem>[] = [
    {
      id: 'name',
      label: t('users.fields.name'),
      sortKey: 'name',
      render: (user) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Avatar src={user.url_image ?? undefined} alt={user.nombre} sx={{ width: 32, height: 32 }}>
            {user.nombre.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {user.nombre}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {user.username}
            </Typography>
          </Box>
        </Box>
      ),
    },
    { id: 'email', label: t('users.fields.email'), sortKey: 'email', render: (user) => user.email },
    {
      id: 'roles',
      label: t('users.fields.roles'),
      render: (user) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {user.roles.map((role) => (
            <Chip key={role.id} size="small" variant="outlined" label={roleLabel(role, t)} />
          ))}
        </Box>
      ),
    },
    { id: 'extension', label: t('users.fields.extension'), render: (user) => user.extension ?? '—' },
    { id: 'enabled', label: t('users.fields.enabled'), render: (user) => <EnabledChip enabled={user.enabled} /> },
    {
      id: 'createdAt',
      label: t('common.createdAt'),
      sortKey: 'createdAt',
      render: (user) => formatDate(user.createdAt, i18n.language),
    },
  ];

  const confirmStatus = () => {
    if (!pending) return;
    const target = pending;
    setPending(null);
    status.mutate(
      { id: target.id, enabled: !target.enabled },
      {
        onSuccess: () => feedback.success(target.enabled ? t('users.disabled') : t('users.enabledDone')),
        onError: (error) => feedback.failure(error),
      },
    );
  };

  return (
    <ListPage
      title={t('menu.items.users')}
      add={can('agregar-usuario') && { to: '/app/users/add', label: t('users.add'), testId: 'users-add' }}
      list={list}
      tableId="users"
      columns={columns}
      query={query}
      onQueryChange={setQuery}
      rowKey={(user) => user.id}
      rowTestId={(user) => `user-row-${user.email}`}
      rowLink={can('ver-usuario') && ((user) => `/app/users/${user.id}/view`)}
      searchLabel={t('users.search')}
      enabledFilter={{
        value: enabled,
        onChange: setEnabled,
        testId: 'users-filter-enabled',
        label: t('users.fields.enabled'),
      }}
      filters={
        roles.data ? (
          <FilterSelect
            label={t('users.fields.role')}
            value={roleId}
            onChange={(value) => {
              setRoleId(value);
              setQuery((current) => ({ ...current, page: 1 }));
            }}
            options={roles.data.map((role) => ({ value: role.id, label: roleLabel(role, t) }))}
            testId="users-filter-role"
            minWidth={170}
          />
        ) : null
      }
      rowActions={(user) => (
        <>
          {can('ver-usuario') ? (
            <RowAction
              title={t('common.view')}
              icon={<VisibilityIcon fontSize="small" />}
              to={`/app/users/${user.id}/view`}
              testId="user-view"
            />
          ) : null}
          {can('editar-usuario') ? (
            <>
              <RowAction
                title={t('common.edit')}
                icon={<EditIcon fontSize="small" />}
                to={`/app/users/${user.id}/edit`}
                testId="user-edit"
              />
              <Tooltip title={user.enabled ? t('users.disable') : t('users.enable')}>
                <IconButton
                  size="small"
                  aria-label={user.enabled ? t('users.disable') : t('users.enable')}
                  onClick={() => setPending(user)}
                  color={user.enabled ? 'error' : 'success'}
                  data-testid="user-status-toggle"
                >
                  {user.enabled ? <BlockIcon fontSize="small" /> : <CheckCircleOutlineIcon fontSize="small" />}
                </IconButton>
              </Tooltip>
            </>
          ) : null}
        </>
      )}
    >
      <ConfirmDialog
        open={pending !== null}
        title={pending?.enabled ? t('users.disableTitle') : t('users.enableTitle')}
        message={
          pending?.enabled
            ? t('users.disableMessage', { name: pending?.nombre ?? '' })
            : t('users.enableMessage', { name: pending?.nombre ?? '' })
        }
        destructive={pending?.enabled}
        confirmLabel={pending?.enabled ? t('users.disable') : t('users.enable')}
        onConfirm={confirmStatus}
        onCancel={() => setPending(null)}
      />
    </ListPage>
  );
}
