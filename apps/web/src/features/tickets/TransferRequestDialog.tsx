import { REALTIME_EVENTS } from '@atiende/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { onRealtimeEvent } from '../../app/realtime';
import { useAcceptTransfer, useRejectTransfer } from './api';

export interface TransferRequest {
  id: number;
  numero: number | null;
  descripcion: string;
  de: string | null;
  /** The sender's note for the recipient. */
  nota: string | null;
}

/** The `new-transfer` payload `{caso: {id, numero, descripcion}, de}` as a request, or null when malformed. */
export function parseTransferRequest(payload: unknown): TransferRequest | null {
  if (!payload || typeof payload !== 'object') return null;
  const caso = (payload as { caso?: { id?: unknown; numero?: unknown; descripcion?: unknown } }).caso;
  const id = Number(caso?.id);
  if (!caso || !Number.isInteger(id) || id <= 0) return null;
  const from = (payload as { de?: unknown }).de;
  const numero = Number(caso.numero);
  const note = (payload as { nota?: unknown }).nota;
  return {
    nota: typeof note === 'string' && note.trim() ? note : null,
    id,
    numero: Number.isInteger(numero) ? numero : null,
    descripcion: typeof caso.descripcion === 'string' ? caso.descripcion : '',
    de:
      typeof from === 'string'
        ? from
        : from && typeof from === 'object' && typeof (from as { nombre?: unknown }).nombre === 'string'
          ? (from as { nombre: string }).nombre
          : null,
  };
}

/**
 * The global transfer-request dialog (spec section 4): a `new-transfer` event asks the recipient to accept (the
 * ticket opens for them and the view is shown) or reject it; a failed acceptance closes the dialog silently.
 */
export function TransferRequestDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [request, setRequest] = useState<TransferRequest | null>(null);
  const accept = useAcceptTransfer();
  const reject = useRejectTransfer();
  const busy = accept.isPending || reject.isPending;

  useEffect(
    () =>
      onRealtimeEvent(REALTIME_EVENTS.transferRequest, (payload) => {
        const next = parseTransferRequest(payload);
        if (next) setRequest(next);
      }),
    [],
  );

  if (!request) return null;
  const close = () => setRequest(null);

  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="xs" fullWidth data-testid="transfer-request-dialog">
      <DialogTitle>{t('tickets.transferRequest.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {request.de
            ? t('tickets.transferRequest.messageFrom', { number: request.numero ?? request.id, name: request.de })
            : t('tickets.transferRequest.message', { number: request.numero ?? request.id })}
        </DialogContentText>
        {request.descripcion ? (
          <DialogContentText sx={{ mt: 1, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
            {request.descripcion.length > 300 ? `${request.descripcion.slice(0, 300)}…` : request.descripcion}
          </DialogContentText>
        ) : null}
        {request.nota ? (
          <Alert
            severity="info"
            sx={{ mt: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="transfer-request-note"
          >
            <AlertTitle>{t('tickets.transferRequest.note')}</AlertTitle>
            {request.nota}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button
          color="error"
          disabled={busy}
          data-testid="transfer-request-reject"
          onClick={() => reject.mutate(request.id, { onSettled: close })}
        >
          {t('tickets.actions.reject')}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          startIcon={accept.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="transfer-request-accept"
          onClick={() =>
            accept.mutate(request.id, {
              onSuccess: () => {
                close();
                void navigate(`/app/tickets/${request.id}/view`);
              },
              // Spec: a failed acceptance closes the dialog silently.
              onError: close,
            })
          }
        >
          {t('tickets.actions.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
