import {
  API_BASE,
  type ApiCredentialItem,
  type CreatedApiCredential,
  createApiCredentialBodySchema,
} from '@atiende/contracts';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CopyField } from '../../ui/CopyField';
import { EmptyState } from '../../ui/EmptyState';
import { FormField } from '../../ui/FormField';
import { formatDateTime } from '../../ui/format';
import { LoadError } from '../../ui/LoadError';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { Tooltip } from '../../ui/Tooltip';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useFormErrors } from '../../ui/useFormErrors';
import { useRoles } from '../permissions/api';

export const credentialKeys = { all: ['api-credentials'] as const };

/** The token request an integration makes (shown as help). */
export function tokenRequestExample(origin: string): string {
  return [
    `curl -X POST ${origin}${API_BASE}/oauth/token \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"grant_type":"client_credentials","client_id":"<client_id>","client_secret":"<secret>"}'`,
  ].join('\n');
}

function NewCredentialDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const client = useQueryClient();
  const feedback = useApiFeedback();
  const roles = useRoles(open);
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState<number | ''>('');
  const body = { name, roleId: roleId === '' ? 0 : roleId };
  const form = useFormErrors({ values: body, schema: createApiCredentialBodySchema });
  const { errors, reset } = form;
  const [created, setCreated] = useState<CreatedApiCredential | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string; roleId: number }) =>
      unwrap(api.post<CreatedApiCredential>('api-credentials', body)),
    onSuccess: () => client.invalidateQueries({ queryKey: credentialKeys.all }),
  });

  useEffect(() => {
    if (open) {
      setName('');
      setRoleId('');
      reset();
      setCreated(null);
    }
  }, [open, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    create.mutate(createApiCredentialBodySchema.parse(body), {
      onSuccess: (result) => {
        setCreated(result);
        feedback.success(t('credentials.created'));
      },
      onError: (error) => feedback.failure(error, form.show),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={created || create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="credential-dialog"
    >
      <DialogTitle id={titleId}>{created ? t('credentials.createdTitle') : t('credentials.new')}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="credential-secret-warning">
              <AlertTitle>{t('credentials.onceTitle')}</AlertTitle>
              {t('credentials.onceText')}
            </Alert>
            <CopyField label="client_id" value={created.client_id} testId="credential-client-id" />
            <CopyField label="client_secret" value={created.secret} testId="credential-secret" />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose} data-testid="credential-done">
              {t('credentials.savedIt')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form ref={form.formRef} onSubmit={submit} noValidate>
          <DialogContent>
            <FormField
              autoFocus
              label={t('credentials.fields.name')}
              value={name}
              onValueChange={setName}
              error={errors.name}
              testId="credential-field-name"
              maxLength={120}
              required
            />
            <TextField
              select
              margin="dense"
              required
              label={t('credentials.fields.role')}
              value={roleId}
              onChange={(event) => setRoleId(Number(event.target.value))}
              error={Boolean(errors.roleId)}
              helperText={errors.roleId ?? t('credentials.roleHelp')}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'credential-field-role' } as object } }}
            >
              {(roles.data ?? []).map((role) => (
                <MenuItem key={role.id} value={role.id} data-testid={`credential-role-option-${role.name}`}>
                  {role.label}
                </MenuItem>
              ))}
            </TextField>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={create.isPending} data-testid="credential-create">
              {t('credentials.create')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

/** /app/credentials-api: API credentials (client credentials grant) and how to get a token. */
export function CredentialsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const feedback = useApiFeedback();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiCredentialItem | null>(null);
  const list = useQuery({
    queryKey: credentialKeys.all,
    queryFn: () => unwrap(api.get<ApiCredentialItem[]>('api-credentials')),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => unwrap(api.post<ApiCredentialItem>(`api-credentials/${id}/revoke`)),
    onSuccess: () => client.invalidateQueries({ queryKey: credentialKeys.all }),
  });
  const rows = list.data ?? [];
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <PageContainer>
      <PageHeader
        title={t('menu.items.credentialsApi')}
        subtitle={t('credentials.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            data-testid="credential-new"
          >
            {t('credentials.new')}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        {list.isLoading ? (
          <PageLoader />
        ) : list.isError ? (
          <Box sx={{ m: 2 }}>
            <LoadError error={list.error} onRetry={list.refetch} testId="credentials-error" />
          </Box>
        ) : rows.length === 0 ? (
          <EmptyState title={t('credentials.empty')} data-testid="credentials-empty" />
        ) : (
          <TableContainer>
            <Table data-testid="credentials-table">
              <TableHead>
                <TableRow>
                  {['name', 'client_id', 'role', 'created', 'lastUsed', 'status'].map((column) => (
                    <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {t(`credentials.fields.${column}`)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {t('table.actions')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} data-testid={`credential-row-${row.id}`}>
                    <TableCell sx={{ fontWeight: 600 }}>{row.name}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>{row.client_id}</TableCell>
                    <TableCell>{row.role.label}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(row.createdAt, i18n.language)}
                      {row.createdBy ? (
                        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                          {row.createdBy.nombre}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {row.lastUsedAt ? formatDateTime(row.lastUsedAt, i18n.language) : t('credentials.neverUsed')}
                    </TableCell>
                    <TableCell>
                      {row.revokedAt ? (
                        <Tooltip title={formatDateTime(row.revokedAt, i18n.language)}>
                          <Chip size="small" variant="outlined" label={t('credentials.revoked')} />
                        </Tooltip>
                      ) : (
                        <Chip size="small" color="success" label={t('credentials.active')} />
                      )}
                    </TableCell>
                    <TableCell align="right">
                      {row.revokedAt ? null : (
                        <Button
                          size="small"
                          color="error"
                          startIcon={<BlockIcon />}
                          onClick={() => setRevoking(row)}
                          data-testid={`credential-revoke-${row.id}`}
                        >
                          {t('credentials.revoke')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('credentials.helpTitle')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('credentials.helpText', { path: `${API_BASE}/oauth/token` })}
          </Typography>
          <Box
            component="pre"
            dir="ltr"
            sx={{
              m: 0,
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontSize: 13,
              overflowX: 'auto',
              textAlign: 'left',
            }}
            data-testid="credentials-token-example"
          >
            {tokenRequestExample(origin)}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('credentials.helpUse')}{' '}
            <Link href={`${API_BASE}/docs`} target="_blank" rel="noopener" data-testid="credentials-docs-link">
              {`${API_BASE}/docs`}
            </Link>
          </Typography>
        </CardContent>
      </Card>
      <NewCredentialDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('credentials.revokeTitle')}
        message={t('credentials.revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('credentials.revoke')}
        destructive
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          const target = revoking;
          setRevoking(null);
          revoke.mutate(target.id, {
            onSuccess: () => feedback.success(t('credentials.revokedDone')),
            onError: (error) => feedback.failure(error),
          });
        }}
      />
    </PageContainer>
  );
}
