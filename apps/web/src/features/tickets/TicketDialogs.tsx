import { AGENT_STATUS, type Ticket, type TransferCandidate } from '@atiende/contracts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserCampaigns } from '../../app/campaign';
import { FormField } from '../../ui/FormField';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useMergeTicket, useTransferCandidates, useTransferTicket } from './api';

/** Transfer to a user and/or a campaign (as the campaign allows); the ticket waits for the recipient (status 3). */
export function TransferDialog({
  ticket,
  allowUser,
  allowCampaign,
  onClose,
}: {
  ticket: Ticket;
  allowUser: boolean;
  allowCampaign: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const users = useTransferCandidates(ticket.id, allowUser);
  const campaigns = useUserCampaigns();
  const transfer = useTransferTicket(ticket.id);
  const [user, setUser] = useState<TransferCandidate | null>(null);
  const [note, setNote] = useState('');
  const [campaignId, setCampaignId] = useState<number | ''>('');
  const [error, setError] = useState<string | undefined>();
  const userOptions = users.data ?? [];

  const save = () => {
    if (!user && campaignId === '') {
      setError(t('tickets.transferTarget'));
      return;
    }
    transfer.mutate(
      {
        toUserId: user?.id ?? null,
        toCampaignId: campaignId === '' ? null : campaignId,
        reason: note.trim() || null,
      },
      {
        onSuccess: () => {
          feedback.success(t('tickets.transfer.done'));
          onClose();
        },
        onError: (failure) => feedback.failure(failure, (fields) => setError(Object.values(fields)[0])),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={transfer.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      data-testid="transfer-dialog"
    >
      <DialogTitle>{t('tickets.transfer.title', { number: ticket.number })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('tickets.transfer.description')}
        </Typography>
        {allowUser ? (
          <Autocomplete
            options={userOptions}
            value={user}
            loading={users.isLoading}
            onChange={(_, value) => {
              setUser(value);
              setError(undefined);
            }}
            getOptionLabel={(option) => option.nombre}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            noOptionsText={t('tickets.transfer.nobody')}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props} data-testid={`transfer-user-option-${option.id}`} data-status={option.estado}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    flexShrink: 0,
                    bgcolor: AGENT_STATUS[option.estado].color,
                    marginInlineEnd: 1,
                  }}
                />
                <Box component="span" sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {option.nombre}
                  </Box>
                  <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                    {[
                      t(`agentStatus.${option.estado}`),
                      option.role === 'supervisor'
                        ? t('tickets.transfer.supervisor')
                        : t('tickets.transfer.load', { open: option.open, limit: option.tasksPerAgent }),
                    ].join(' · ')}
                  </Typography>
                </Box>
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                margin="dense"
                label={t('tickets.transfer.user')}
                error={Boolean(error)}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'transfer-user' },
                }}
              />
            )}
          />
        ) : null}
        {allowCampaign ? (
          <TextField
            select
            fullWidth
            margin="dense"
            label={t('tickets.transfer.campaign')}
            value={campaignId}
            error={Boolean(error) && !allowUser}
            onChange={(event) => {
              const raw = event.target.value as unknown as number | string;
              setCampaignId(raw === '' ? '' : Number(raw));
              setError(undefined);
            }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'transfer-campaign' } as object } }}
          >
            <MenuItem value="">
              <em>{t('common.none')}</em>
            </MenuItem>
            {(campaigns.data ?? [])
              .filter((campaign) => campaign.id !== ticket.campaign.id)
              .map((campaign) => (
                <MenuItem key={campaign.id} value={campaign.id} data-testid={`transfer-campaign-option-${campaign.id}`}>
                  {campaign.nombre}
                </MenuItem>
              ))}
          </TextField>
        ) : null}
        {allowUser || allowCampaign ? (
          <TextField
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={t('tickets.transfer.note')}
            helperText={t('tickets.transfer.noteHelp')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'transfer-note' } }}
          />
        ) : null}
        {!allowUser && !allowCampaign ? <Alert severity="info">{t('tickets.transfer.notAllowed')}</Alert> : null}
        {error ? (
          <Typography variant="caption" sx={{ color: 'error.main' }} data-testid="transfer-error">
            {error}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={transfer.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={transfer.isPending || (!allowUser && !allowCampaign)}
          startIcon={transfer.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="transfer-save"
        >
          {t('tickets.actions.transfer')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Merge into another ticket by number, with an explicit confirmation (irreversible: this ticket closes). */
export function MergeDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const merge = useMergeTicket(ticket.id);
  const [number, setNumber] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const target = Number(number);
  const valid = Number.isInteger(target) && target > 0 && target !== ticket.number;

  const save = () => {
    if (!valid) {
      setError(target === ticket.number ? t('tickets.merge.same') : t('validation.required'));
      return;
    }
    merge.mutate(target, {
      onSuccess: () => {
        feedback.success(t('tickets.merge.done', { number: target }));
        onClose();
      },
      onError: (failure) => feedback.failure(failure, (fields) => setError(Object.values(fields)[0])),
    });
  };

  return (
    <Dialog open onClose={merge.isPending ? undefined : onClose} fullWidth maxWidth="xs" data-testid="merge-dialog">
      <DialogTitle>{t('tickets.merge.title', { number: ticket.number })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('tickets.merge.description')}
        </Typography>
        <FormField
          fullWidth
          label={t('tickets.merge.target')}
          value={number}
          onValueChange={(value) => {
            setNumber(value.replace(/\D/g, ''));
            setError(undefined);
          }}
          error={error}
          testId="merge-number"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Alert severity="warning" variant="outlined" sx={{ mt: 1.5 }}>
          <FormControlLabel
            label={t('tickets.merge.confirm', { number: ticket.number })}
            control={
              <Checkbox
                checked={confirmed}
                onChange={(event) => setConfirmed(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'merge-confirm' } as object }}
              />
            }
          />
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={merge.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          onClick={save}
          disabled={!confirmed || merge.isPending}
          startIcon={merge.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="merge-save"
        >
          {t('tickets.actions.merge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
