import { AGENT_STATUS_CODES, type AgentStatusCode } from '@atiende/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useProfile } from '../../app/queries';
import { EmptyState } from '../../ui/EmptyState';
import { formatDateTime, formatDuration } from '../../ui/format';
import { PageLoader } from '../../ui/PageLoader';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { useAgentHistory, useForceStatus, usePauseStates } from './api';
import { StatusChip, useStatusLabel } from './components';
import { type AgentRow, logStatus, pauseKey } from './model';

/**
 * Forces an agent's status: any of D/A/E/G/P; a pause needs its reason (the spec's list of states without L).
 * Field errors of the server (422) show under the fields.
 */
export function ForceStatusDialog({ agent, onClose }: { agent: AgentRow | null; onClose: () => void }) {
  return agent ? <ForceStatusForm key={agent.id} agent={agent} onClose={onClose} /> : null;
}

function ForceStatusForm({ agent, onClose }: { agent: AgentRow; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const feedback = useApiFeedback();
  const statusLabel = useStatusLabel();
  const [status, setStatus] = useState<AgentStatusCode | ''>('');
  const [pause, setPause] = useState('');
  const form = useFormErrors({
    values: { estado: status, pausa: pause },
    rules: (values): FieldErrors => {
      if (values.estado === '') return { estado: t('validation.required') };
      if (values.estado === 'P' && !values.pausa) return { pausa: t('supervision.force.pauseRequired') };
      return {};
    },
  });
  const { errors } = form;
  const states = usePauseStates(true);
  const force = useForceStatus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check() || status === '') return;
    force.mutate(
      { id: agent.id, estado: status, pausa: status === 'P' ? pause : null },
      {
        onSuccess: (state) => {
          feedback.success(
            t('supervision.force.done', { name: agent.nombre, status: statusLabel(state.estado, state.pausa) }),
          );
          onClose();
        },
        onError: (error) => feedback.failure(error, form.show),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={force.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="force-status-dialog"
    >
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('supervision.force.title', { name: agent.nombre })}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('supervision.force.current')}
            </Typography>
            <StatusChip code={agent.estado} pause={agent.pausa} />
          </Box>
          <TextField
            select
            fullWidth
            margin="dense"
            required
            label={t('supervision.force.status')}
            value={status}
            error={Boolean(errors.estado)}
            helperText={errors.estado}
            onChange={(event) => setStatus(event.target.value as AgentStatusCode)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'force-status-select' } as object } }}
          >
            {AGENT_STATUS_CODES.map((code) => (
              <MenuItem key={code} value={code} data-testid={`force-status-option-${code}`}>
                {t(`agentStatus.${code}`)}
              </MenuItem>
            ))}
          </TextField>
          {status === 'P' ? (
            <TextField
              select
              fullWidth
              margin="dense"
              required
              label={t('supervision.force.pause')}
              value={pause}
              error={Boolean(errors.pausa)}
              helperText={errors.pausa}
              onChange={(event) => setPause(event.target.value)}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'force-pause-select' } as object } }}
            >
              {(states.data ?? []).map((state) => (
                <MenuItem
                  key={state.nombre}
                  value={state.nombre}
                  data-testid={`force-pause-option-${state.nombre.replace(/ /g, '_')}`}
                >
                  {t(pauseKey(state.nombre), { defaultValue: state.etiqueta })}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {status === 'P' ? (
            <Alert severity="info" sx={{ mt: 1.5 }}>
              {t('supervision.force.pauseHint')}
            </Alert>
          ) : null}
          {status === 'D' ? (
            <Alert severity="warning" sx={{ mt: 1.5 }}>
              {t('supervision.force.offlineHint')}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={force.isPending} data-testid="force-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={force.isPending} data-testid="force-submit">
            {t('supervision.force.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The agent's status log (newest first): each change with how long the previous status lasted. */
export function HistoryDialog({
  agent,
  agents,
  onClose,
}: {
  agent: AgentRow | null;
  agents: readonly AgentRow[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  // The closing dialog keeps showing the agent it showed (no empty flash during the exit transition).
  const last = useRef<AgentRow | null>(agent);
  if (agent) last.current = agent;
  const shown = agent ?? last.current;
  const history = useAgentHistory(shown?.id ?? null, agent !== null);
  const me = useProfile().profile;

  const forcerName = (id: number) => {
    if (me && me.id === id) return me.nombre;
    return agents.find((row) => row.id === id)?.nombre ?? t('supervision.history.user', { id });
  };

  const chip = (value: string | null) => {
    const status = logStatus(value);
    return status ? <StatusChip code={status.code} pause={status.pause} /> : '—';
  };

  return (
    <Dialog
      open={agent !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      data-testid="history-dialog"
    >
      <DialogTitle id={titleId}>{t('supervision.history.title', { name: shown?.nombre ?? '' })}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {history.isLoading ? (
          <PageLoader />
        ) : (history.data ?? []).length === 0 ? (
          <EmptyState data-testid="history-empty" title={t('supervision.history.empty')} />
        ) : (
          <TableContainer>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supervision.history.date')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supervision.history.from')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supervision.history.duration')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supervision.history.to')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supervision.history.ticket')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('supervision.history.forcedBy')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(history.data ?? []).map((entry) => (
                  <TableRow key={entry.id} data-testid={`history-entry-${entry.id}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.fecha, i18n.language)}</TableCell>
                    <TableCell>{chip(entry.estado_anterior)}</TableCell>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="history-duration">
                      {formatDuration(entry.duracion)}
                    </TableCell>
                    <TableCell data-testid="history-status">{chip(entry.estado)}</TableCell>
                    <TableCell>
                      {entry.caso_actual ? (
                        <Link component={RouterLink} to={`/app/tickets/${entry.caso_actual}/view`}>
                          {t('supervision.users.openTicket')}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell>{entry.forzado_por ? forcerName(entry.forzado_por) : '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="history-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
