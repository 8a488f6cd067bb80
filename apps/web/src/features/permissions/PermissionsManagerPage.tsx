import './i18n';
import type { RoleItem } from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../app/queries';
import { EmptyState } from '../../ui/EmptyState';
import { LoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { useApiFeedback } from '../../ui/useApiFeedback';
import {
  useCreateRole,
  usePermissionCatalogue,
  useRenameRole,
  useRolePermissions,
  useRoles,
  useSaveRolePermissions,
} from './api';
import { categoryState, toggleCategory } from './grid';
import { RoleDialog } from './RoleDialog';
import { roleLabel } from './roleLabel';

export const EDIT_PERMISSIONS = 'editar-permisos-roles';

/** /app/permissions-manager (and /grid, which preselects the first role): roles list and the permission grid. */
export function PermissionsManagerPage({ preselectFirst = false }: { preselectFirst?: boolean }) {
  const { t, i18n } = useTranslation();
  const { can } = usePermissions();
  const editable = can(EDIT_PERMISSIONS);
  const feedback = useApiFeedback();
  const roles = useRoles();
  const catalogue = usePermissionCatalogue();
  const [roleId, setRoleId] = useState<number | null>(null);
  const current = useRolePermissions(roleId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<'create' | 'rename' | null>(null);
  const createRole = useCreateRole();
  const renameRole = useRenameRole();
  const save = useSaveRolePermissions();

  useEffect(() => {
    if (preselectFirst && roleId === null && roles.data && roles.data.length > 0) setRoleId(roles.data[0].id);
  }, [preselectFirst, roleId, roles.data]);

  useEffect(() => {
    if (current.data) setSelected(new Set(current.data.permissions));
  }, [current.data]);

  const role: RoleItem | undefined = roles.data?.find((item) => item.id === roleId);
  const dirty = useMemo(() => {
    const saved = current.data?.permissions ?? [];
    return saved.length !== selected.size || saved.some((key) => !selected.has(key));
  }, [current.data, selected]);

  const toggle = (key: string, checked: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (checked) next.add(key);
      else next.delete(key);
      return next;
    });

  /** The permission's readable name and what it allows (`permissions.labels.<key>`); null when it has none. */
  const permissionLabel = (key: string) => {
    const nameKey = `permissions.labels.${key}.name`;
    if (!i18n.exists(nameKey)) return null;
    const descriptionKey = `permissions.labels.${key}.description`;
    return { name: t(nameKey), description: i18n.exists(descriptionKey) ? t(descriptionKey) : null };
  };

  return (
    <PageContainer maxWidth={1400}>
      <PageHeader title={t('menu.items.rolesPermissions')} subtitle={t('roles.subtitle')} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, gap: 2, alignItems: 'start' }}>
        <Card variant="outlined">
          <CardHeader
            title={t('roles.title')}
            slotProps={{ title: { variant: 'subtitle1', sx: { fontWeight: 700 } } }}
            action={
              editable ? (
                <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog('create')} data-testid="role-new">
                  {t('roles.new')}
                </Button>
              ) : null
            }
          />
          <Divider />
          {roles.isLoading ? (
            <PageLoader />
          ) : roles.isError ? (
            <Box sx={{ m: 2 }}>
              <LoadError error={roles.error} onRetry={roles.refetch} testId="roles-error" />
            </Box>
          ) : (
            <List disablePadding data-testid="roles-list">
              {(roles.data ?? []).map((item) => (
                <ListItemButton
                  key={item.id}
                  selected={item.id === roleId}
                  onClick={() => setRoleId(item.id)}
                  data-testid={`role-row-${item.name}`}
                  divider
                >
                  <ListItemText
                    primary={roleLabel(item, t)}
                    secondary={
                      <>
                        <Box component="span" sx={{ fontFamily: 'monospace' }}>
                          {item.name}
                        </Box>
                        {' · '}
                        {t('roles.userCount', { count: item.userCount })}
                      </>
                    }
                  />
                  {item.builtIn ? <Chip size="small" label={t('roles.builtIn')} sx={{ ms: 1 }} /> : null}
                </ListItemButton>
              ))}
            </List>
          )}
        </Card>
        <Box data-testid="permissions-grid">
          {!role ? (
            <Card variant="outlined">
              <EmptyState
                title={t('roles.pick')}
                description={t('roles.pickHelp')}
                data-testid="permissions-pick-role"
              />
            </Card>
          ) : (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
                <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                  {roleLabel(role, t)}{' '}
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ color: 'text.secondary', fontFamily: 'monospace' }}
                  >
                    ({role.name})
                  </Typography>
                </Typography>
                {editable ? (
                  <>
                    <Button
                      variant="outlined"
                      startIcon={<DriveFileRenameOutlineIcon />}
                      onClick={() => setDialog('rename')}
                      data-testid="role-rename"
                    >
                      {t('roles.rename')}
                    </Button>
                    <Button
                      variant="contained"
                      startIcon={<SaveIcon />}
                      disabled={!dirty || save.isPending || !current.data}
                      onClick={() =>
                        save.mutate(
                          { id: role.id, permissions: [...selected] },
                          {
                            onSuccess: () => feedback.success(t('roles.saved')),
                            onError: (error) => feedback.failure(error),
                          },
                        )
                      }
                      data-testid="permissions-save"
                    >
                      {t('common.save')}
                    </Button>
                  </>
                ) : null}
              </Box>
              {current.isLoading || catalogue.isLoading ? (
                <PageLoader />
              ) : (
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(280px, 1fr))' },
                    gap: 2,
                  }}
                >
                  {(catalogue.data ?? []).map((group) => {
                    const state = categoryState(group.permissions, selected);
                    return (
                      <Card
                        key={group.category}
                        variant="outlined"
                        data-testid={`permission-category-${group.category}`}
                      >
                        <CardContent sx={{ pb: '12px !important' }}>
                          <FormControlLabel
                            sx={{ mb: 0.5 }}
                            disabled={!editable}
                            label={
                              <Typography sx={{ fontWeight: 700 }}>
                                {t(`permissions.categories.${group.category}`, { defaultValue: group.category })}
                              </Typography>
                            }
                            control={
                              <Checkbox
                                checked={state === 'all'}
                                indeterminate={state === 'some'}
                                onChange={(event) =>
                                  setSelected((previous) =>
                                    toggleCategory(group.permissions, previous, event.target.checked),
                                  )
                                }
                                slotProps={{
                                  input: {
                                    'aria-label': t('roles.selectAll'),
                                    'data-testid': `permission-category-all-${group.category}`,
                                  } as object,
                                }}
                              />
                            }
                          />
                          <Divider sx={{ mb: 0.5 }} />
                          {group.permissions.map((key) => {
                            const label = permissionLabel(key);
                            return (
                              <FormControlLabel
                                key={key}
                                sx={{ display: 'flex', alignItems: 'flex-start', m: 0, py: 0.25 }}
                                disabled={!editable}
                                control={
                                  <Checkbox
                                    size="small"
                                    sx={{ py: 0.25 }}
                                    checked={selected.has(key)}
                                    onChange={(event) => toggle(key, event.target.checked)}
                                    slotProps={{ input: { 'data-testid': `permission-checkbox-${key}` } as object }}
                                  />
                                }
                                label={
                                  <Box sx={{ pt: 0.25 }}>
                                    {label ? <Typography variant="body2">{label.name}</Typography> : null}
                                    {label?.description ? (
                                      <Typography
                                        variant="caption"
                                        component="div"
                                        sx={{ color: 'text.secondary' }}
                                        data-testid={`permission-description-${key}`}
                                      >
                                        {label.description}
                                      </Typography>
                                    ) : null}
                                    <Typography
                                      variant={label ? 'caption' : 'body2'}
                                      component={label ? 'div' : 'span'}
                                      sx={{ fontFamily: 'monospace', color: label ? 'text.secondary' : undefined }}
                                    >
                                      {key}
                                    </Typography>
                                  </Box>
                                }
                              />
                            );
                          })}
                        </CardContent>
                      </Card>
                    );
                  })}
                </Box>
              )}
            </>
          )}
        </Box>
      </Box>
      <RoleDialog
        open={dialog !== null}
        mode={dialog ?? 'create'}
        initialLabel={dialog === 'rename' ? (role?.label ?? '') : ''}
        roles={roles.data}
        busy={createRole.isPending || renameRole.isPending}
        onClose={() => setDialog(null)}
        onSubmit={({ copyFrom, ...values }, showErrors) => {
          if (dialog === 'create') {
            createRole.mutate(
              { name: values.name, label: values.label, copyFromRoleId: copyFrom },
              {
                onSuccess: (created) => {
                  setRoleId(created.id);
                  const source = copyFrom === null ? undefined : roles.data?.find((item) => item.id === copyFrom);
                  feedback.success(
                    source ? t('permissions.copy.done', { role: roleLabel(source, t) }) : t('roles.created'),
                  );
                  setDialog(null);
                },
                // E.g. 403 when the source grants a permission the user lacks: nothing was created.
                onError: (error) => feedback.failure(error, showErrors),
              },
            );
          } else if (role) {
            renameRole.mutate(
              { id: role.id, label: values.label },
              {
                onSuccess: () => {
                  feedback.success(t('common.saved'));
                  setDialog(null);
                },
                onError: (error) => feedback.failure(error, showErrors),
              },
            );
          }
        }}
      />
    </PageContainer>
  );
}
